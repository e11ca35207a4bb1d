package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dmlemu.nativebridge.DirectMl;
import dev.dmlemu.nativebridge.host.HostSetup;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code dmlemu compare} and {@code validate --backend directml} on the real DirectML in the host, when
 * {@code dmlemu setup-directml} has been run; without it, that they say so with exit code 3.
 */
class CompareCommandTest {

    private final String docs = Cli.EXAMPLES.resolve("docs-example.json").toString();
    private final String gather = Cli.EXAMPLES.resolve("gather.json").toString();
    private final String failFast = resource("compare/scatter-nd-fail-fast.json");

    private static boolean realDirectMl() {
        boolean ready = !Cli.isWindows() && DirectMl.isLinuxX64(System.getProperty("os.name"),
                System.getProperty("os.arch")) && HostSetup.find(System.getenv(), new StringBuilder()).isPresent();
        if (!ready) {
            System.out.println("SKIPPED the real-DirectML half of CompareCommandTest: run dmlemu setup-directml on"
                    + " Linux x86_64 first");
        }
        return ready;
    }

    @Test
    void aFailFastBetweenTwoGoodModelsIsReportedAndTheOthersAgree() {
        Cli.Result result = Cli.run("compare", docs, failFast, gather);
        if (!realDirectMl()) {
            assertEquals(ExitCode.BACKEND_UNAVAILABLE.code(), result.code(), result.err());
            return;
        }
        assertEquals(0, result.code(), result.out() + result.err());
        assertTrue(result.out().contains(docs + ": Resource 'Y': identical (6 elements)\n"), result.out());
        assertTrue(result.out().contains(failFast + ": dispatchable 'snd': dmlemu: invalid (CREATE_OPERATOR_FAIL_FAST);"
                + " DirectML CreateOperator: DirectML ended its process while creating the operator (CreateOperator)"
                + " (exit code 9); known DirectML bug: SCATTER_ND's"), result.out());
        // The host was started again for the model after it.
        assertTrue(result.out().contains(gather + ": Resource 'columns': identical (8 elements)\n"), result.out());
        assertTrue(result.out().endsWith("3 model files: 3 passed, 0 invalid, 0 unusable\n"), result.out());
    }

    @Test
    void jsonNamesEveryResource() {
        Assumptions.assumeTrue(realDirectMl(), "the real DirectML is not set up (dmlemu setup-directml)");
        JsonNode json = Cli.run("compare", docs, "--json").json();
        assertTrue(json.get("identical").asBoolean());
        assertEquals(6, json.get("resources").get("Y").get("elements").asInt());
        assertEquals(0, json.get("resources").get("Y").get("differing").asInt());
    }

    @Test
    void validateShowsDirectMlsVerdictNextToDmlemus() {
        Cli.Result result = Cli.run("validate", "--backend", "directml", docs, failFast);
        if (!realDirectMl()) {
            assertEquals(ExitCode.BACKEND_UNAVAILABLE.code(), result.code(), result.err());
            return;
        }
        assertTrue(result.out().contains(docs + ": dispatchable 'ge': DirectML CreateOperator: S_OK; dmlemu: valid\n"),
                result.out());
        assertTrue(result.out().contains(failFast + ": dispatchable 'snd': DirectML CreateOperator: DirectML ended its"
                + " process while creating the operator"), result.out());
        assertEquals(ExitCode.INVALID_OPERATOR.code(), result.code());
    }

    private static String resource(String name) {
        try {
            return Path.of(CompareCommandTest.class.getClassLoader().getResource(name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
