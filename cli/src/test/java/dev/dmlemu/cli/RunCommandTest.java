package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.NpyFile;
import java.nio.ByteOrder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code dmlemu run}: print lines, --json, timing, threads, index policies, feature levels, backends, writeFile. */
class RunCommandTest {

    @TempDir
    Path dir;

    private final String docs = Cli.EXAMPLES.resolve("docs-example.json").toString();

    // The DirectML docs' GatherElements example: Y = [[4, 8, 3], [7, 2, 3]] (axis 2 of a 1x1x3x3 input).
    @Test
    void printsLikeDxDispatch() {
        Cli.Result result = Cli.run("run", docs, "--backend", "emulator");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'Y': 4, 8, 3, 7, 2, 3\n", result.out());
        assertEquals("backend: emulator, feature level: DML_FEATURE_LEVEL_6_4, index policy: directml\n",
                result.err());
    }

    /** The reproduction: the docs example in FLOAT16 with X as a sequence printed 0s. */
    @Test
    void float16SequencesRunTheDocsExample() throws Exception {
        String model = Files.readString(Path.of(docs)).replace("FLOAT32", "FLOAT16")
                .replace("[1, 2, 3, 4, 5, 6, 7, 8, 9]", "{\"valueCount\": 9, \"valueStart\": 1, \"valueDelta\": 1}")
                .replace("{ \"type\": \"print\", \"resource\": \"Y\" }",
                        "{\"type\": \"print\", \"resource\": \"X\"}, {\"type\": \"print\", \"resource\": \"Y\"}");
        Cli.Result result = Cli.run("run", Cli.write(dir, "half.json", model).toString(), "--backend", "emulator");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'X': 1, 2, 3, 4, 5, 6, 7, 8, 9\nResource 'Y': 4, 8, 3, 7, 2, 3\n", result.out());
    }

    @Test
    void autoFallsBackToTheEmulatorOffWindowsAndSaysWhy() {
        assumeFalse(Cli.isWindows(), "on Windows auto may pick the real DirectML");
        Cli.Result result = Cli.run("run", docs);
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'Y': 4, 8, 3, 7, 2, 3\n", result.out());
        assertTrue(result.err().startsWith("backend: emulator (DirectML unavailable: DirectML needs Windows"),
                result.err());
        assertTrue(result.err().endsWith(", feature level: DML_FEATURE_LEVEL_6_4, index policy: directml\n"),
                result.err());
        JsonNode json = Cli.run("run", docs, "--backend", "auto", "--json").json();
        assertEquals("emulator", json.get("backend").asText());
        assertTrue(json.get("directmlUnavailable").asText().contains("DirectML needs Windows"));
    }

    @Test
    void directmlBackendOffWindowsNeedsTheLinuxSetup() {
        assumeFalse(Cli.isWindows(), "the real DirectML may be available on Windows");
        Cli.Result result = Cli.run("run", docs, "--backend", "directml");
        boolean linuxX64 = dev.dmlemu.nativebridge.DirectMl.isLinuxX64(System.getProperty("os.name"),
                System.getProperty("os.arch"));
        if (linuxX64 && dev.dmlemu.nativebridge.host.HostSetup.find(System.getenv(), new StringBuilder())
                .isPresent()) {
            // Set up: the real DirectML.dll under Wine gives the documented output.
            assertEquals(0, result.code(), result.err());
            assertEquals("Resource 'Y': 4, 8, 3, 7, 2, 3\n", result.out());
            assertTrue(result.err().startsWith("backend: directml (DirectML.dll "), result.err());
            return;
        }
        assertEquals(ExitCode.BACKEND_UNAVAILABLE.code(), result.code());
        result.assertErrContains("--backend directml", linuxX64 ? "run dmlemu setup-directml" : "DirectML needs Windows")
                .assertNoStackTrace();
        assertEquals("", result.out());
    }

    @Test
    void unknownBackendIsUsage() {
        Cli.run("run", docs, "--backend", "cuda").assertUnusable("--backend", "cuda");
    }

    @Test
    void jsonHasTheDocumentedShape() {
        Cli.Result result = Cli.run("run", docs, "--backend", "emulator", "--json");
        assertEquals(0, result.code(), result.err());
        assertEquals("", result.err(), "--json prints nothing else");
        JsonNode json = result.json();
        assertEquals("emulator", json.get("backend").asText());
        assertFalse(json.has("directmlUnavailable"), "emulator was asked for, not fallen back to");
        assertEquals("DML_FEATURE_LEVEL_6_4", json.get("featureLevel").asText());
        assertEquals("directml", json.get("indexPolicy").asText());
        assertEquals(List.of("Y"), names(json.get("resources")));
        assertEquals("FLOAT32", json.at("/resources/Y/dataType").asText());
        assertEquals(List.of("4.0", "8.0", "3.0", "7.0", "2.0", "3.0"), result.rawArray("/resources/Y/values"));
        assertTrue(json.get("timings").isObject() && json.get("timings").isEmpty());
        assertTrue(json.get("files").isArray() && json.get("files").isEmpty());
    }

    @Test
    void jsonShowsEveryBoundOutputWhenNothingIsPrinted() {
        String model = Cli.identityModel("INT32", "[5, 6]", 2).replace(
                ",\n    { \"type\": \"print\", \"resource\": \"Y\" }", "");
        assertFalse(model.contains("print"));
        Cli.Result result = Cli.run("run", Cli.write(dir, "m.json", model).toString(), "--backend", "emulator",
                "--json");
        assertEquals(0, result.code(), result.err());
        assertEquals(List.of("Y"), names(result.json().get("resources")));
        assertEquals(List.of("5", "6"), result.rawArray("/resources/Y/values"));
    }

    @Test
    void jsonIntegersAreExactAt64Bits() {
        String int64 = "[9223372036854775807, -9223372036854775808, 9007199254740993, -1]";
        Cli.Result signed = runModel(Cli.identityModel("INT64", int64, 4), "--json");
        assertEquals(List.of("9223372036854775807", "-9223372036854775808", "9007199254740993", "-1"),
                signed.rawArray("/resources/Y/values"));
        String uint64 = "[18446744073709551615, 9223372036854775808, 0]";
        Cli.Result unsigned = runModel(Cli.identityModel("UINT64", uint64, 3), "--json");
        assertEquals(List.of("18446744073709551615", "9223372036854775808", "0"),
                unsigned.rawArray("/resources/Y/values"));
        Cli.Result uint32 = runModel(Cli.identityModel("UINT32", "[4294967295, 7]", 2), "--json");
        assertEquals(List.of("4294967295", "7"), uint32.rawArray("/resources/Y/values"));
    }

    @Test
    void jsonFloatsAreShortestRoundTripWithSpecialsAsStrings() {
        // FLOAT32: 0.1f is 0x3DCCCCCD, whose shortest round-trip decimal is 0.1; FLT_MAX is 3.4028235e38; the
        // smallest subnormal 2^-149 is 1e-45 as a float.
        String values = "[0.1, 1e30, 3.4028235e38, 1e-45, \"nan\", \"inf\", \"-inf\", 16777216, 2.5e-6]";
        Cli.Result float32 = runModel(Cli.identityModel("FLOAT32", values, 9), "--json");
        assertEquals(List.of("0.1", "1e+30", "3.4028235e+38", "1e-45", "\"nan\"", "\"inf\"", "\"-inf\"",
                "16777216.0", "0.0000025"), float32.rawArray("/resources/Y/values"));
        // Always a float literal: -0 and 0 would read as integers (the sign lost), 2 as an integer.
        Cli.Result negativeZero = runModel(npyBackedIdentity(new float[] {-0.0f, 0.0f, 2.0f}), "--json");
        assertEquals(List.of("-0.0", "0.0", "2.0"), negativeZero.rawArray("/resources/Y/values"));
        Cli.Result float64 = runModel(Cli.identityModel("FLOAT64", "[0.1, 1.7976931348623157e308, 5e-324]", 3),
                "--json");
        assertEquals(List.of("0.1", "1.7976931348623157e+308", "5e-324"), float64.rawArray("/resources/Y/values"));
    }

    @Test
    void jsonFloat16IsTheShortestDecimalThatReadsBackToTheSameHalf() {
        // binary16, read back both to nearest and as DxDispatch reads it (the nearest float truncated toward zero,
        // docs/directml-behaviour.md §9.1): 0.1 rounds to 1638 * 2^-14 = 0.0999755859375, and "0.1" reads back to it
        // either way. 65504 (the largest half; neighbours 65472 and infinity) is the nearest half to 65500, but 65500
        // truncates to 65472; 65510 is within 16 of 65504 and truncates to it, and no 1- to 3-digit decimal does
        // both. 2^-24 (smallest subnormal, 5.96e-8) is the nearest half to 6e-8, and 6e-8 is 1.0066 units of it.
        // 1.5 is exact.
        Cli.Result float16 = runModel(Cli.identityModel("FLOAT16", "[0.1, 65504, 5.960464477539063e-8, 1.5, \"nan\"]",
                5), "--json");
        assertEquals(List.of("0.1", "65510.0", "6e-8", "1.5", "\"nan\""), float16.rawArray("/resources/Y/values"));
    }

    /**
     * Issue 27: each FLOAT32, FLOAT64 and FLOAT16 value of {@link JsonFloatBits} (negative zero, integral values,
     * extremes, subnormals, NaN, infinities) run through a gather and read back from {@code run --json} by Jackson's
     * default tree: a float node whose value, converted to the element's type, has the element's bits.
     */
    @ParameterizedTest
    @EnumSource(value = TensorDataType.class, names = {"FLOAT32", "FLOAT64", "FLOAT16"})
    void jsonFloatsReadBackBitForBit(TensorDataType type) {
        long count = JsonFloatBits.of(type).length;
        NpyFile.write(dir.resolve("x.npy"), type, List.of(count), JsonFloatBits.buffer(type));
        Cli.Result result = runModel(Cli.identityModel(type.name(), "{ \"sourcePath\": \"x.npy\" }", (int) count),
                "--json");
        JsonFloatBits.assertReadBack(type, result.json().at("/resources/Y/values"));
    }

    /** The same output read by Python's json module, when python3 is on the PATH: floats, signs and bits kept. */
    @Test
    void jsonFloatsReadBackInPython() throws Exception {
        NpyFile.write(dir.resolve("x.npy"), TensorDataType.FLOAT64, List.of((long) JsonFloatBits.FLOAT64.length),
                JsonFloatBits.buffer(TensorDataType.FLOAT64));
        Cli.Result result = runModel(Cli.identityModel("FLOAT64", "{ \"sourcePath\": \"x.npy\" }",
                JsonFloatBits.FLOAT64.length), "--json");
        Path json = Cli.write(dir, "out.json", result.out());
        String script = "import json, struct, sys\n"
                + "values = json.load(open(sys.argv[1]))['resources']['Y']['values']\n"
                + "for v in values:\n"
                + "    if isinstance(v, str): print(v)\n"
                + "    else: print(type(v).__name__, '%016x' % struct.unpack('<Q', struct.pack('<d', v))[0])\n";
        Process python;
        try {
            python = new ProcessBuilder("python3", "-c", script, json.toString()).redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            org.junit.jupiter.api.Assumptions.abort("python3 is not on the PATH: " + e.getMessage());
            return;
        }
        String out = new String(python.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, python.waitFor(), out);
        StringBuilder expected = new StringBuilder();
        for (long bits : JsonFloatBits.FLOAT64) {
            double value = Double.longBitsToDouble(bits);
            expected.append(Double.isNaN(value) ? "nan" : Double.isInfinite(value) ? (value > 0 ? "inf" : "-inf")
                    : String.format("float %016x", bits)).append('\n');
        }
        assertEquals(expected.toString(), out);
    }

    @Test
    void printFormatsFloatsLikeCppOstream() {
        // C's %g (6 significant digits): 1234567 -> 1.23457e+06, 0.1f -> 0.1, 1e-5 -> 1e-05.
        Cli.Result result = runModel(Cli.identityModel("FLOAT32", "[1234567, 0.1, 1e-5, \"-inf\", 100]", 5));
        assertEquals("Resource 'Y': 1.23457e+06, 0.1, 1e-05, -inf, 100\n", result.out());
    }

    @Test
    void verbosePrintShowsIndexValueAndBits() {
        String model = npyBackedIdentity(new float[] {4, 0.1f, -0.0f})
                .replace("{ \"type\": \"print\", \"resource\": \"Y\" }",
                        "{ \"type\": \"print\", \"resource\": \"Y\", \"verbose\": true }");
        Cli.Result result = runModel(model);
        assertTrue(model.contains("x.npy") && model.contains("verbose"));
        // IEEE 754 binary32: 4 = 0x40800000, 0.1f = 0x3DCCCCCD, -0 = 0x80000000, in upper case as DxDispatch prints them.
        assertEquals("Resource 'Y':\n[0] 4 (0x40800000)\n[1] 0.1 (0x3DCCCCCD)\n[2] -0 (0x80000000)\n",
                result.out());
    }

    @Test
    void iterationsPrintDxDispatchStyleTiming() {
        Cli.Result result = Cli.run("run", docs, "--backend", "emulator", "--iterations", "7", "--warmup", "2");
        assertEquals(0, result.code(), result.err());
        List<String> lines = result.outLines();
        assertEquals(2, lines.size(), result.out());
        assertEquals("Resource 'Y': 4, 8, 3, 7, 2, 3", lines.get(0));
        Matcher m = Pattern.compile(
                "Dispatch 'ge': 7 iterations, (\\d+\\.\\d{4}) ms median \\(CPU\\), (\\d+\\.\\d{4}) ms min \\(CPU\\)")
                .matcher(lines.get(1));
        assertTrue(m.matches(), lines.get(1));
        assertTrue(Double.parseDouble(m.group(2)) <= Double.parseDouble(m.group(1)), "min <= median");
    }

    @Test
    void iterationsInJson() {
        Cli.Result result = Cli.run("run", docs, "--backend", "emulator", "--iterations", "3", "--json");
        assertEquals(0, result.code(), result.err());
        JsonNode timing = result.json().at("/timings/ge");
        assertEquals(3, timing.get("iterations").asInt());
        assertTrue(timing.get("medianMs").isNumber() && timing.get("minMs").isNumber());
        assertTrue(timing.get("minMs").asDouble() <= timing.get("medianMs").asDouble());
        assertTrue(timing.get("minMs").asDouble() >= 0);
        // HotSpot times its compilers: the milliseconds they worked while the executions were timed.
        assertTrue(timing.get("jitCompilationMs").isIntegralNumber(), timing.toString());
        assertTrue(timing.get("jitCompilationMs").asLong() >= 0);
    }

    @Test
    void warmupAutoRunsUntilTheJitSettles() {
        Cli.Result result = Cli.run("run", docs, "--backend", "emulator", "--iterations", "3", "--warmup", "auto",
                "--json");
        assertEquals(0, result.code(), result.err());
        JsonNode timing = result.json().at("/timings/ge");
        // At least the three quiet warm-ups in a row that end it, at most its limit.
        int warmups = timing.get("warmups").asInt();
        assertTrue(warmups >= WarmupOption.SETTLED_STREAK && warmups <= WarmupOption.AUTO_LIMIT, timing.toString());
        assertEquals(3, timing.get("iterations").asInt());

        Cli.Result text = Cli.run("run", docs, "--backend", "emulator", "--iterations", "3", "--warmup", "auto");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.err().matches("(?s).*note: dispatch 'ge': \\d+ warm-ups \\(--warmup auto\\).*"), text.err());
    }

    @Test
    void aFixedWarmupIsReportedAsRun() {
        Cli.Result result = Cli.run("run", docs, "--backend", "emulator", "--iterations", "2", "--warmup", "4",
                "--json");
        assertEquals(0, result.code(), result.err());
        assertEquals(4, result.json().at("/timings/ge/warmups").asInt());
    }

    @Test
    void badCountsAreUsageErrors() {
        Cli.run("run", docs, "--warmup", "2").assertUnusable("--warmup needs --iterations");
        Cli.run("run", docs, "--iterations", "-1").assertUnusable("--iterations");
        Cli.run("run", docs, "--iterations", "many").assertUnusable("--iterations");
        Cli.run("run", docs, "--warmup", "auto").assertUnusable("--warmup needs --iterations");
        Cli.run("run", docs, "--iterations", "2", "--warmup", "-3").assertUnusable("--warmup must be 0 or more");
        Cli.run("run", docs, "--iterations", "2", "--warmup", "lots").assertUnusable("'lots'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "2", "4"})
    void threadsDoNotChangeTheOutput(String threads) {
        Cli.Result result = Cli.run("run", docs, "--backend", "emulator", "--threads", threads);
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'Y': 4, 8, 3, 7, 2, 3\n", result.out());
    }

    @Test
    void badThreadCountsAreUsageErrors() {
        Cli.run("run", docs, "--backend", "emulator", "--threads", "0").assertUnusable("--threads");
        Cli.run("run", docs, "--backend", "emulator", "--threads", "100000").assertUnusable("--threads");
    }

    /**
     * Input [[1, 2, 3], [4, 5, 6]] (1x1x2x3), UINT32 indices [[4], [0]] along axis 3 (size 3): 4 is out of range.
     */
    private Path outOfRangeModel() {
        return Cli.write(dir, "oob.json", Cli.gatherModel("FLOAT32", "[1, 2, 3, 4, 5, 6]", "UINT32", "[4, 0]",
                "\"Sizes\": [1, 1, 2, 3]", "\"Sizes\": [1, 1, 2, 1]", "\"Sizes\": [1, 1, 2, 1]", 3, 2));
    }

    @Test
    void strictIndexPolicyReportsTheCoordinate() {
        Cli.Result result = Cli.run("run", outOfRangeModel().toString(), "--backend", "emulator", "--index-policy",
                "strict");
        result.assertUnusable("commands[0]", "dispatch 'ge'", "index 4", "output coordinate [0, 0, 0, 0]");
        assertEquals("", result.out(), "nothing printed after the failed dispatch");
    }

    @Test
    void clampAxisIndexPolicyClampsAlongTheAxis() {
        // Row 0: index 4 clamps to 2, reading 3; row 1: index 0 reads 4.
        Cli.Result result = Cli.run("run", outOfRangeModel().toString(), "--backend", "emulator", "--index-policy",
                "clamp-axis");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'Y': 3, 4\n", result.out());
        assertTrue(result.err().contains("index policy: clamp-axis"), result.err());
    }

    @Test
    void directmlIndexPolicyReadsLinearlyThroughTheBuffer() {
        // docs/directml-behaviour.md §7.1: row 0's offset is 0 * 3 + 4 = 4, inside the 6-element buffer: it reads 5
        // from the next row. Row 1 reads 4. The default policy is directml.
        for (String[] policy : new String[][] {{}, {"--index-policy", "directml"}}) {
            List<String> args = new ArrayList<>(List.of("run", outOfRangeModel().toString(), "--backend", "emulator"));
            args.addAll(List.of(policy));
            Cli.Result result = Cli.run(args.toArray(String[]::new));
            assertEquals(0, result.code(), result.err());
            assertEquals("Resource 'Y': 5, 4\n", result.out());
        }
    }

    @Test
    void unknownIndexPolicyIsUsage() {
        Cli.run("run", docs, "--index-policy", "wrap").assertUnusable("'wrap' is not an index policy");
    }

    @Test
    void featureLevelTooLowStopsTheRunWithDiagnostics() {
        // 2-D tensors and INT32/INT64 indices need 3_0.
        String model = Cli.EXAMPLES.resolve("onnx-negative-indices.json").toString();
        Cli.Result result = Cli.run("run", model, "--backend", "emulator", "--feature-level", "2_1");
        assertEquals(ExitCode.INVALID_OPERATOR.code(), result.code());
        assertEquals("", result.out());
        result.assertNoStackTrace().assertErrContains("feature level: DML_FEATURE_LEVEL_2_1",
                "ge_int32: error DATA_TYPE_UNSUPPORTED", "ge_int64: error DIMENSION_COUNT_UNSUPPORTED",
                "invalid at DML_FEATURE_LEVEL_2_1 (8 errors); lowest level that accepts it: DML_FEATURE_LEVEL_3_0");

        Cli.Result json = Cli.run("run", model, "--backend", "emulator", "--feature-level", "2.1", "--json");
        assertEquals(ExitCode.INVALID_OPERATOR.code(), json.code());
        assertFalse(json.json().get("valid").asBoolean());
        assertEquals("DML_FEATURE_LEVEL_3_0", json.json().get("minimumFeatureLevel").asText());

        Cli.Result ok = Cli.run("run", model, "--backend", "emulator", "--feature-level", "DML_FEATURE_LEVEL_3_0");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.err().contains("feature level: DML_FEATURE_LEVEL_3_0"), ok.err());
        // ONNX GatherElements-13 negative-indices example: [[7, 5, 3], [4, 2, 3]].
        assertEquals("Resource 'y32': 7, 5, 3, 4, 2, 3\nResource 'y64': 7, 5, 3, 4, 2, 3\n", ok.out());
    }

    @Test
    void badFeatureLevelIsUsage() {
        Cli.run("run", docs, "--feature-level", "9_9").assertUnusable("--feature-level");
    }

    @Test
    void writeFileWritesANpyFile() throws IOException {
        Path target = dir.toRealPath().resolve("y.npy");
        String model = Cli.identityModel("INT64", "[-3, 9007199254740993, 42]", 3)
                .replace("{ \"type\": \"print\", \"resource\": \"Y\" }",
                        "{ \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\": \"y.npy\" }");
        Cli.Result result = runModel(model, "--output-dir", dir.toString());
        assertEquals("", result.out());
        assertTrue(result.err().contains("wrote " + target), result.err());
        NpyFile.Array array = NpyFile.read(target);
        assertEquals(TensorDataType.INT64, array.dataType());
        assertEquals(List.of(3L), array.shape());
        var data = array.data().order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(List.of(-3L, 9007199254740993L, 42L), List.of(data.getLong(0), data.getLong(8), data.getLong(16)));

        Cli.Result json = runModel(model, "--json", "--output-dir", dir.toString());
        assertEquals(target.toString(), json.json().at("/files/0").asText());
    }

    @Test
    void writeFileIntoAMissingDirectoryIsUnusable() {
        Path target = dir.resolve("no-such-dir").resolve("y.npy");
        String model = Cli.identityModel("FLOAT32", "[1]", 1)
                .replace("{ \"type\": \"print\", \"resource\": \"Y\" }",
                        "{ \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\": "
                                + "\"no-such-dir/y.npy\" }");
        Cli.run("run", Cli.write(dir, "m.json", model).toString(), "--backend", "emulator", "--output-dir",
                dir.toString()).assertUnusable("m.json: commands[1].targetPath: 'no-such-dir/y.npy' is in a folder"
                        + " that does not exist", "(line 17, column 59)");
        assertFalse(Files.exists(target));
    }

    @Test
    void resourcesOverTheMemoryLimitAreRefusedBeforeAllocation() {
        // 500,000,000 FLOAT32 zeros: 2 GB from a 300-byte file.
        String model = """
                {"resources": {"X": {"initialValuesDataType": "FLOAT32",
                  "initialValues": {"valueCount": 500000000, "value": 0}}},
                 "dispatchables": {}, "commands": []}""";
        Path file = Cli.write(dir, "big.json", model);
        Cli.run("run", file.toString(), "--backend", "emulator")
                .assertUnusable("resources.X", "2000000000 bytes", "268435456", "--max-resource-bytes");
        String declared = """
                {"resources": {"X": {"initialValuesDataType": "UINT8", "initialValues": [1],
                  "sizeInBytes": 9223372036854775808}}, "dispatchables": {}, "commands": []}""";
        Cli.run("run", Cli.write(dir, "declared.json", declared).toString(), "--backend", "emulator")
                .assertUnusable("resources.X", "--max-resource-bytes");
        Cli.run("run", docs, "--backend", "emulator", "--max-resource-bytes", "40")
                .assertUnusable("--max-resource-bytes");
        // docs example: 36 + 24 + 24 bytes.
        assertEquals(0, Cli.run("run", docs, "--backend", "emulator", "--max-resource-bytes", "84").code());
    }

    /** An identity model whose X comes from x.npy (the only way to give a float -0: JSON's -0.0 reads as +0). */
    private String npyBackedIdentity(float[] values) {
        java.nio.ByteBuffer data = java.nio.ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            data.putFloat(value);
        }
        NpyFile.write(dir.resolve("x.npy"), TensorDataType.FLOAT32, List.of((long) values.length), data.flip());
        return Cli.identityModel("FLOAT32", "{ \"sourcePath\": \"x.npy\" }", values.length);
    }

    private Cli.Result runModel(String model, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", Cli.write(dir, "model.json", model).toString(),
                "--backend", "emulator"));
        args.addAll(List.of(extra));
        Cli.Result result = Cli.run(args.toArray(String[]::new));
        assertEquals(0, result.code(), () -> result.err() + result.out());
        return result;
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
