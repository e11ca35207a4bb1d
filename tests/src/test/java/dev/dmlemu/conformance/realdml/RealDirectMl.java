package dev.dmlemu.conformance.realdml;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The real DirectML.dll, run out of process through its harness ({@code run.sh}, found through the environment
 * variable {@value #ENV}). Tests call {@link #locateOrSkip(String)}, which skips them, printing
 * {@link #unavailableReason()}, when it is not set up.
 */
public final class RealDirectMl {

    /** The environment variable holding the path of the harness's {@code run.sh}. */
    public static final String ENV = "DMLEMU_REAL_DML";

    private static final long TIMEOUT_MINUTES = 10;

    private final Path runScript;

    private RealDirectMl(Path runScript) {
        this.runScript = runScript;
    }

    /** The harness, when {@value #ENV} names an executable {@code run.sh}. */
    public static Optional<RealDirectMl> locate() {
        String value = System.getenv(ENV);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        Path script = Path.of(value);
        return Files.isRegularFile(script) ? Optional.of(new RealDirectMl(script)) : Optional.empty();
    }

    /** The harness; when it is not set up, prints {@code SKIPPED what: reason} and skips the calling test. */
    public static RealDirectMl locateOrSkip(String what) {
        Optional<RealDirectMl> real = locate();
        if (real.isEmpty()) {
            System.out.println("SKIPPED " + what + ": " + unavailableReason());
        }
        Assumptions.assumeTrue(real.isPresent(), RealDirectMl::unavailableReason);
        return real.get();
    }

    /** Why {@link #locate()} found nothing, for the skip message. */
    public static String unavailableReason() {
        String value = System.getenv(ENV);
        if (value == null || value.isBlank()) {
            return ENV + " is not set (it names the real-DirectML harness's run.sh; .ci/run sets it after setup.sh)";
        }
        return ENV + "=" + value + " is not a file";
    }

    /** Runs every case through CreateOperator only. */
    public Map<String, HarnessResult> validate(List<HarnessCase> cases) throws IOException, InterruptedException {
        return run(cases, true);
    }

    /** Runs every case end to end (create, compile, initialize, dispatch, read back). */
    public Map<String, HarnessResult> execute(List<HarnessCase> cases) throws IOException, InterruptedException {
        return run(cases, false);
    }

    /**
     * What became of one case run alone in its process through CreateOperator only: its result, or none when the
     * process ended before printing it (DirectML.dll 1.15.4 ends the process on some descs instead of refusing them).
     *
     * @param result the case's result, when the harness printed one
     * @param exitCode the harness's exit code (9 when DirectML ended the process with a fail-fast)
     */
    public record Alone(Optional<HarnessResult> result, int exitCode) {}

    /** Runs one case alone in its process, through CreateOperator only. */
    public Alone validateAlone(HarnessCase harnessCase) throws IOException, InterruptedException {
        Outcome outcome = runProcess(List.of(harnessCase), true);
        return new Alone(Optional.ofNullable(outcome.results().get(harnessCase.name())), outcome.exitCode());
    }

    private record Outcome(Map<String, HarnessResult> results, int exitCode, String stdout) {}

    private Map<String, HarnessResult> run(List<HarnessCase> cases, boolean validateOnly)
            throws IOException, InterruptedException {
        Outcome outcome = runProcess(cases, validateOnly);
        for (HarnessCase harnessCase : cases) {
            if (!outcome.results().containsKey(harnessCase.name())) {
                throw new IOException("real-DirectML harness printed no CASE line for " + harnessCase.name()
                        + " (exit " + outcome.exitCode() + "); output began: "
                        + outcome.stdout().substring(0, Math.min(outcome.stdout().length(), 2000)));
            }
        }
        return outcome.results();
    }

    private Outcome runProcess(List<HarnessCase> cases, boolean validateOnly)
            throws IOException, InterruptedException {
        Path caseFile = Files.createTempFile("dmlemu-real-dml-", ".txt");
        try {
            StringBuilder text = new StringBuilder();
            for (HarnessCase harnessCase : cases) {
                text.append(harnessCase.toCaseText()).append('\n');
            }
            Files.writeString(caseFile, text, StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>(List.of("bash", runScript.toString()));
            if (validateOnly) {
                command.add("--validate-only");
            }
            command.add(caseFile.toString());
            Process process = new ProcessBuilder(command).redirectErrorStream(false)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IOException("real-DirectML harness timed out after " + TIMEOUT_MINUTES + " minutes");
            }
            return new Outcome(parse(stdout), process.exitValue(), stdout);
        } finally {
            Files.deleteIfExists(caseFile);
        }
    }

    /** Parses {@code CASE name create=0x.. compile=.. init=.. exec=..} and {@code OUTPUT name v...} lines. */
    static Map<String, HarnessResult> parse(String stdout) {
        Map<String, HarnessResult> results = new LinkedHashMap<>();
        for (String line : stdout.split("\n")) {
            String[] words = line.strip().split("\\s+");
            if (words.length >= 2 && words[0].equals("CASE")) {
                Map<String, String> stages = new LinkedHashMap<>();
                for (int i = 2; i < words.length; i++) {
                    int eq = words[i].indexOf('=');
                    if (eq > 0) {
                        stages.put(words[i].substring(0, eq), words[i].substring(eq + 1));
                    }
                }
                results.put(words[1], new HarnessResult(words[1], hresult(stages.get("create")),
                        hresult(stages.get("compile")), hresult(stages.get("init")), hresult(stages.get("exec")),
                        Optional.empty()));
            } else if (words.length >= 2 && words[0].equals("OUTPUT")) {
                HarnessResult result = results.get(words[1]);
                if (result != null) {
                    List<String> values = List.copyOf(Arrays.asList(words).subList(2, words.length));
                    results.put(words[1], new HarnessResult(result.name(), result.create(), result.compile(),
                            result.initialize(), result.execute(), Optional.of(values)));
                }
            }
        }
        return results;
    }

    private static OptionalInt hresult(String text) {
        if (text == null || text.equals("-")) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(Integer.parseUnsignedInt(text.substring(2), 16));
    }
}
