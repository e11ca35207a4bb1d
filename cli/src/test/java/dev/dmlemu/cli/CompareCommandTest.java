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

    /** Wine's CPU device lacks FLOAT16 (CheckFeatureSupport): a device capability, neither a difference nor a disagreement. */
    @Test
    void aDataTypeTheDeviceLacksIsNamedNotCountedAgainstDmlemu() {
        Assumptions.assumeTrue(realDirectMl(), "the real DirectML is not set up (dmlemu setup-directml)");
        String half = resource("compare/gather-elements-float16.json");
        Cli.Result compared = Cli.run("compare", half, docs);
        assertEquals(ExitCode.NOT_COMPARED.code(), compared.code(), compared.out() + compared.err());
        assertTrue(compared.out().contains(half + ": dispatchable 'ge': not compared: the device lacks FLOAT16: a device"
                + " capability, not a feature-level rule"), compared.out());
        assertTrue(compared.out().endsWith("2 model files: 1 passed, 0 invalid, 0 unusable, 1 not compared (this"
                + " DirectML device)\n"), compared.out());
        Cli.Result validated = Cli.run("validate", "--backend", "directml", half);
        assertEquals(ExitCode.SUCCESS.code(), validated.code(), validated.out() + validated.err());
        assertTrue(validated.out().contains("dispatchable 'ge': DirectML CreateOperator: E_INVALIDARG (0x80070057) (the"
                + " device lacks FLOAT16: a device capability, not a feature-level rule); dmlemu: valid\n"),
                validated.out());
        JsonNode json = Cli.run("validate", "--backend", "directml", half, "--json").json();
        assertEquals("FLOAT16", json.get("directml").get("ge").get("deviceLacks").get(0).asText(), json.toString());
        assertTrue(json.get("directml").get("ge").get("agrees").asBoolean(), json.toString());
    }

    /**
     * On Wine's CPU device CompileOperator refuses FLOAT32 ADD over 4 packed elements that CreateOperator accepts
     * (docs/directml-behaviour.md §15): the device's doing, reported as not compared, not as unusable input.
     */
    @Test
    void aStepAfterCreateOperatorThatTheDeviceRefusesIsNotCompared() {
        Assumptions.assumeTrue(realDirectMl(), "the real DirectML is not set up (dmlemu setup-directml)");
        String add = Path.of("..", "model-files", "src", "test", "resources", "models", "operators",
                "element_wise_add.json").toAbsolutePath().normalize().toString();
        Cli.Result result = Cli.run("compare", add);
        assertEquals(ExitCode.NOT_COMPARED.code(), result.code(), result.out() + result.err());
        assertTrue(result.out().contains("dispatchable 'sum': not compared: DirectML accepted it in CreateOperator but"
                + " CompileOperator refused it on this device (DML_OPERATOR_ELEMENT_WISE_ADD: DirectML refused it:"
                + " CompileOperator returned 0x80070057)"), result.out());
    }

    /**
     * The DxDispatch-shaped CAST model (docs/directml-behaviour.md §15.6): FLOAT32 to INT8 truncates and saturates;
     * to UINT8, -1 and below give 255 (the 32-bit conversion's all ones, saturated), -0.5 gives 0. By hand:
     * -129.5, -2.5, -1, -0.5, 127.9, 300 give -128, -2, -1, 0, 127, 127 and 255, 255, 255, 0, 127, 255.
     */
    @Test
    void theCastModelRunsOnTheEmulatorAndAgreesWithTheRealDll() {
        String cast = Path.of("..", "model-files", "src", "test", "resources", "models", "operators", "cast.json")
                .toAbsolutePath().normalize().toString();
        Cli.Result run = Cli.run("run", cast, "--backend", "emulator");
        assertEquals(0, run.code(), run.out() + run.err());
        assertEquals("Resource 'signed': -128, -2, -1, 0, 127, 127\nResource 'unsigned': 255, 255, 255, 0, 127, 255\n",
                run.out());
        Assumptions.assumeTrue(realDirectMl(), "the real DirectML is not set up (dmlemu setup-directml)");
        Cli.Result compared = Cli.run("compare", cast);
        assertEquals(0, compared.code(), compared.out() + compared.err());
        assertTrue(compared.out().contains("Resource 'unsigned': identical"), compared.out());
    }

    @Test
    void aModelWithoutAnEmulatorKernelStopsWithItsOwnExitCode() {
        Assumptions.assumeTrue(realDirectMl(), "the real DirectML is not set up (dmlemu setup-directml)");
        String noKernel = resource("compare/no-emulator-kernel.json");
        Cli.Result result = Cli.run("compare", noKernel);
        assertEquals(ExitCode.NO_EMULATOR_KERNEL.code(), result.code(), result.out() + result.err());
        assertTrue(result.err().contains("the emulator has no kernel for DML_OPERATOR_"), result.err());
    }

    private static String resource(String name) {
        try {
            return Path.of(CompareCommandTest.class.getClassLoader().getResource(name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
