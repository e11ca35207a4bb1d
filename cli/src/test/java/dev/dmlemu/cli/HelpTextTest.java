package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code dmlemu --help} lists every command with a summary that is a whole sentence, never one cut mid-way, and
 * {@code --version} names the build and the DirectML it mirrors.
 */
class HelpTextTest {

    @Test
    void versionNamesTheBuildTheCommitAndTheMirroredDirectMl() {
        Cli.Result result = Cli.run("--version");
        assertEquals(0, result.code(), result.err());
        String[] lines = result.out().split("\n");
        assertEquals(2, lines.length, result.out());
        // The version comes from the POM and the commit from git (or, outside a checkout, the build says so).
        assertTrue(lines[0].matches("dmlemu \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\((commit [0-9a-f]{7,}"
                + "( with uncommitted changes)?|built outside a git checkout)\\)"), lines[0]);
        assertEquals("mirrors DirectML.dll 1.15.4 as measured at DML_FEATURE_LEVEL_6_4; feature levels up to"
                + " DML_FEATURE_LEVEL_6_4", lines[1]);
    }

    @Test
    void generatesABashCompletionScriptThatKnowsTheCommands() {
        Cli.Result result = Cli.run("generate-completion");
        assertEquals(0, result.code(), result.err());
        assertTrue(result.out().startsWith("#!/usr/bin/env bash"), result.out());
        assertTrue(result.out().contains("complete -F _complete_dmlemu -o default dmlemu"), result.out());
        for (String command : List.of("run", "validate", "min-level", "levels", "onnx", "schema")) {
            assertTrue(result.out().contains(command), command);
        }
    }

    @Test
    void everyCommandSummaryIsAWholeSentence() {
        Cli.Result result = Cli.run("--help");
        assertEquals(0, result.code(), result.err());
        List<String> summaries = new ArrayList<>();
        boolean inCommands = false;
        for (String line : result.out().split("\n")) {
            if (line.equals("Commands:")) {
                inCommands = true;
            } else if (inCommands && line.isBlank()) {
                break;
            } else if (inCommands && line.startsWith("  ") && !line.startsWith("    ")) {
                summaries.add(line.strip().replaceFirst("^\\S+\\s+", ""));
            } else if (inCommands) {
                int last = summaries.size() - 1;
                summaries.set(last, summaries.get(last) + " " + line.strip());
            }
        }
        assertEquals(7, summaries.size(), result.out());
        for (String summary : summaries) {
            assertTrue(summary.endsWith("."), "a summary cut mid-sentence: " + summary);
        }
    }
}
