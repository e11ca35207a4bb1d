package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The models of {@code directml/}: GEMM without CTensor and CONVOLUTION without BiasTensor run only on the real
 * DirectML (the {@code tests} module checks their outputs there); on the emulator a NULL optional tensor changes
 * nothing, {@code run} and {@code compare} stop before any work with exit 5. JOIN of three inputs and SPLIT into three
 * outputs (tensor arrays) run on both.
 */
class DirectMlOnlyModelsTest {

    static Path model(String name) {
        try {
            return Path.of(DirectMlOnlyModelsTest.class.getClassLoader().getResource("dev/dmlemu/cli/directml/" + name)
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @CsvSource({"gemm-without-c.json, product, GEMM", "convolution-without-bias.json, mixChannels, CONVOLUTION"})
    void theEmulatorStopsWithNoKernel(String file, String dispatchable, String operator) {
        Cli.Result validated = Cli.run("validate", model(file).toString());
        assertEquals(ExitCode.SUCCESS.code(), validated.code(), validated.err());
        Cli.Result run = Cli.run("run", model(file).toString(), "--backend", "emulator");
        assertEquals(ExitCode.NO_EMULATOR_KERNEL.code(), run.code(), run.err());
        run.assertErrContains(file + ": dispatchables." + dispatchable + ": the emulator has no kernel for DML_OPERATOR_"
                + operator, "--backend directml").assertNoStackTrace().assertNoExceptionNames();
        assertEquals("", run.out());
        // compare needs the real DirectML as well: where it cannot start (no setup, or its host did not come up),
        // that is exit 3 before any model is read; where it can, the model stops with exit 5 before any work.
        Cli.Result compared = Cli.run("compare", model(file).toString());
        if (compared.code() == ExitCode.BACKEND_UNAVAILABLE.code()) {
            compared.assertErrContains("dmlemu: --backend directml: ").assertNoStackTrace();
        } else {
            assertEquals(ExitCode.NO_EMULATOR_KERNEL.code(), compared.code(), compared.err());
            compared.assertErrContains(file + ": dispatchables." + dispatchable + ": the emulator has no kernel for"
                    + " DML_OPERATOR_" + operator).assertNoStackTrace();
        }
    }

    /** The values OptionalAndArrayTensorsOnRealDirectMlTest (tests) works out by hand and the real DLL printed. */
    @Test
    void tensorArraysRunOnTheEmulator() {
        Cli.Result join = Cli.run("run", model("join.json").toString(), "--backend", "emulator");
        assertEquals(ExitCode.SUCCESS.code(), join.code(), join.err());
        assertEquals("Resource 'Y': 1, 2, 5, 7, 8, 9, 3, 4, 6, 10, 11, 12\n", join.out());
        Cli.Result split = Cli.run("run", model("split.json").toString(), "--backend", "emulator");
        assertEquals(ExitCode.SUCCESS.code(), split.code(), split.err());
        assertEquals("Resource 'Y0': 1, 6\nResource 'Y1': 2, 3, 4, 7, 8, 9\nResource 'Y2': 5, 10\n", split.out());
    }
}
