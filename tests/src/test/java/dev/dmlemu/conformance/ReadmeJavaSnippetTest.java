package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Use it from Java" snippet, exactly as printed there (the {@code java} block after the
 * {@code java-quick-start} marker), compiled against the project's modules and run: it must print the docs example's
 * output. So the README cannot drift from the API.
 */
class ReadmeJavaSnippetTest {

    private static final String MARKER = "<!-- java-quick-start -->";

    @Test
    void theQuickStartCompilesAndPrintsTheDocsExample(@TempDir Path dir) throws Exception {
        String snippet = snippet(Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8));
        Path source = dir.resolve("QuickStart.java");
        Files.writeString(source, snippet, StandardCharsets.UTF_8);

        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        boolean compiled = compiler.getTask(diagnostics, null, null,
                List.of("--release", "17", "-classpath", System.getProperty("java.class.path"), "-d", dir.toString()),
                null, compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8)
                        .getJavaFileObjects(source)).call();
        assertTrue(compiled, diagnostics::toString);

        assertEquals("4.0 8.0 3.0 7.0 2.0 3.0\n", runMain(dir));
    }

    /** The fenced java block right after the marker. */
    private static String snippet(String readme) {
        int marker = readme.indexOf(MARKER);
        assertTrue(marker >= 0, "README.md has no " + MARKER);
        int open = readme.indexOf("```java\n", marker);
        assertEquals(marker + MARKER.length() + 1, open, "the java block must follow the marker directly");
        int close = readme.indexOf("\n```", open + 8);
        return readme.substring(open + 8, close + 1);
    }

    /** Runs {@code QuickStart.main} from {@code dir} with this test's classpath, returning what it printed. */
    private static String runMain(Path dir) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                ReadmeJavaSnippetTest.class.getClassLoader());
                PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            loader.loadClass("QuickStart").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } catch (IOException e) {
            throw new AssertionError(e);
        } finally {
            System.setOut(original);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }
}
