package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.NpyFile;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Large models run in child JVMs with the heap a CI runner might give ({@code -Xmx256m}, {@code -Xmx512m}), through the
 * packaged {@code dmlemu.jar} exactly as {@code ./dmlemu} runs it. A model either runs, or is refused with exit code 2
 * and a message naming what it needs, what the heap can give and how to raise it: never an OutOfMemoryError, a trace,
 * or exit code 1 (which would read as a verdict on the operator).
 */
class HeapLimitsIT {

    private static final Path JAR = Path.of(System.getProperty("dmlemu.jar", "target/dmlemu.jar")).toAbsolutePath();

    @TempDir
    Path dir;

    private record Outcome(int code, String out, String err) {
        void assertNoCrash() {
            assertFalse(err.contains("OutOfMemoryError") || err.contains("\tat ") || err.contains("internal error"),
                    err);
        }
    }

    /** 20 million FLOAT32 values inline ({@code 7,} each: a 40 MB file, 80 MB of values) and a gather of 4. */
    private Path twentyMillionInlineValues() throws IOException {
        Path model = dir.resolve("big.json");
        try (BufferedWriter out = Files.newBufferedWriter(model, StandardCharsets.UTF_8)) {
            out.write("{\"resources\": {\"X\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [");
            for (int i = 0; i < 20_000_000; i++) {
                out.write(i == 0 ? "7" : ",7");
            }
            out.write("]},\n \"I\": {\"initialValuesDataType\": \"UINT32\", \"initialValues\": [0, 1, 19999998,"
                    + " 19999999]},\n \"Y\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\":"
                    + " {\"valueCount\": 4, \"value\": 0}}},\n"
                    + " \"dispatchables\": {\"ge\": {\"type\": \"GATHER_ELEMENTS\", \"desc\": {"
                    + "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [1, 1, 1, 20000000]},"
                    + " \"IndicesTensor\": {\"DataType\": \"UINT32\", \"Sizes\": [1, 1, 1, 4]},"
                    + " \"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [1, 1, 1, 4]}, \"Axis\": 3}}},\n"
                    + " \"commands\": [{\"type\": \"dispatch\", \"dispatchable\": \"ge\", \"bindings\":"
                    + " {\"InputTensor\": \"X\", \"IndicesTensor\": \"I\", \"OutputTensor\": \"Y\"}},"
                    + " {\"type\": \"print\", \"resource\": \"Y\"}]}\n");
        }
        return model;
    }

    @Test
    void twentyMillionInlineValuesRunIn256And512MiB() throws Exception {
        Path model = twentyMillionInlineValues();
        assertTrue(Files.size(model) > 40_000_000L, "the model is the 40 MB the issue describes");
        for (String heap : List.of("256m", "512m")) {
            Outcome run = dmlemu(heap, "run", model.toString(), "--backend", "emulator");
            run.assertNoCrash();
            assertEquals(0, run.code(), heap + ": " + run.err());
            assertEquals("Resource 'Y': 7, 7, 7, 7\n", run.out(), heap);
            Outcome validate = dmlemu(heap, "validate", model.toString());
            assertEquals(0, validate.code(), heap + ": " + validate.err());
        }
    }

    @Test
    void twoResourcesOf127MiBAreRefusedIn256MiBAndRunIn512MiB() throws Exception {
        // Under the default --max-resource-bytes (256 MiB) together, but not what a 256 MiB heap can hold.
        Path model = Files.writeString(dir.resolve("two.json"), "{\"resources\": {\n"
                + "  \"A\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\": {\"valueCount\": 133169152,"
                + " \"value\": 1}},\n"
                + "  \"B\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\": {\"valueCount\": 133169152,"
                + " \"value\": 2}}},\n"
                + " \"dispatchables\": {}, \"commands\": []}\n");
        Outcome small = dmlemu("256m", "run", model.toString(), "--backend", "emulator");
        small.assertNoCrash();
        assertEquals(2, small.code(), small.err());
        assertTrue(small.err().contains("two.json: resources.B: the resources need 266338304 bytes"), small.err());
        assertTrue(small.err().contains("bytes the Java heap can give now (maximum heap "), small.err());
        assertTrue(small.err().contains("raise it with DMLEMU_JAVA_OPTS=-Xmx"), small.err());

        Outcome json = dmlemu("256m", "run", model.toString(), "--backend", "emulator", "--json");
        assertEquals(2, json.code(), json.err());
        assertTrue(json.out().contains("\"kind\" : \"unusable-input\""), json.out());

        Outcome large = dmlemu("512m", "run", model.toString(), "--backend", "emulator");
        large.assertNoCrash();
        assertEquals(0, large.code(), large.err());
    }

    @Test
    void aModelFileLargerThanTheHeapCanReadIsRefused() throws Exception {
        // 60 MB of JSON (under --max-model-bytes) in a 64 MiB heap.
        Path model = dir.resolve("padded.json");
        try (BufferedWriter out = Files.newBufferedWriter(model, StandardCharsets.UTF_8)) {
            out.write("{\"resources\": {}, \"dispatchables\": {}, \"commands\": []}");
            out.write(" ".repeat(1 << 20).repeat(60));
        }
        Outcome outcome = dmlemu("64m", "validate", model.toString());
        outcome.assertNoCrash();
        assertEquals(2, outcome.code(), outcome.err());
        assertTrue(outcome.err().contains("padded.json: the model file has " + Files.size(model) + " bytes, more"
                + " than the "), outcome.err());
        assertTrue(outcome.err().contains("DMLEMU_JAVA_OPTS=-Xmx"), outcome.err());
    }

    @Test
    void timingMoreIterationsThanTheHeapHoldsIsRefused() throws Exception {
        // 300 million iterations of the 6-element docs example fit --max-elements, but not their 2.4 GB of times.
        Path docs = Path.of("..", "examples", "docs-example.json").toAbsolutePath();
        Outcome outcome = dmlemu("256m", "run", docs.toString(), "--backend", "emulator", "--iterations", "300000000");
        outcome.assertNoCrash();
        assertEquals(2, outcome.code(), outcome.err());
        assertTrue(outcome.err().contains("--iterations 300000000: timing them needs 2400000000 bytes, more than"),
                outcome.err());
    }

    /**
     * A model on standard input is read in chunks and then joined, twice its size at the peak: counted, so 20 MB of
     * the padded docs example in a 64 MiB heap is refused with exit 2 (it exited 70 out of memory), while 2 MB run.
     */
    @Test
    void aModelOnStandardInputCountsItsBuffers() throws Exception {
        String docs = Files.readString(Path.of("..", "examples", "docs-example.json"));
        Path big = Files.writeString(dir.resolve("padded-20mb.json"), docs + " ".repeat(20_000_000));
        Outcome refused = dmlemu(big, "64m", "run", "-", "--backend", "emulator");
        refused.assertNoCrash();
        assertEquals(2, refused.code(), refused.err());
        assertTrue(refused.err().contains("<stdin>: the model has "), refused.err());
        assertTrue(refused.err().contains("bytes the Java heap can give now"), refused.err());
        assertTrue(refused.err().contains("DMLEMU_JAVA_OPTS=-Xmx"), refused.err());
        assertTrue(refused.err().contains("give the model by its path"), refused.err());

        Path small = Files.writeString(dir.resolve("padded-2mb.json"), docs + " ".repeat(2_000_000));
        Outcome ran = dmlemu(small, "64m", "run", "-", "--backend", "emulator");
        assertEquals(0, ran.code(), ran.err());
        assertEquals("Resource 'Y': 4, 8, 3, 7, 2, 3\n", ran.out());
    }

    /**
     * onnx has run's heap honesty: 20 million inline values of an 80 MB .npy in a 512 MiB heap, and a (20000, 20000)
     * Gather-13 output (1.6 GB, allowed by a raised --max-resource-bytes) in a 256 MiB heap, are exit 2 naming the
     * bytes and how to raise the heap (they exited 70 out of memory).
     */
    @Test
    void onnxOutputsAndInlineValuesBeyondTheHeapAreRefused() throws Exception {
        Path big = dir.resolve("big.npy");
        NpyFile.write(big, TensorDataType.FLOAT32, List.of(20_000_000L), ByteBuffer.allocate(80_000_000));
        Path two = dir.resolve("two.npy");
        NpyFile.write(two, TensorDataType.INT64, List.of(2L), ByteBuffer.allocate(16));
        Outcome inline = dmlemu("512m", "onnx", "--frontend", "onnx-gather-13", "--data", big.toString(),
                "--indices", two.toString(), "--print-desc", "--inline-values");
        inline.assertNoCrash();
        assertEquals(2, inline.code(), inline.err());
        assertTrue(inline.err().contains("writing 20000002 inline values needs "), inline.err());
        assertTrue(inline.err().contains("DMLEMU_JAVA_OPTS=-Xmx"), inline.err());

        Path data = dir.resolve("row.npy");
        NpyFile.write(data, TensorDataType.FLOAT32, List.of(1L, 20000L), ByteBuffer.allocate(80_000));
        Path indices = dir.resolve("indices.npy");
        NpyFile.write(indices, TensorDataType.INT64, List.of(20000L), ByteBuffer.allocate(160_000));
        Outcome gather = dmlemu("256m", "onnx", "--frontend", "onnx-gather-13", "--data", data.toString(),
                "--indices", indices.toString(), "--backend", "emulator", "--max-resource-bytes", "100000000000");
        gather.assertNoCrash();
        assertEquals(2, gather.code(), gather.err());
        assertTrue(gather.err().contains("the output needs 3200000000 bytes, more than the "), gather.err());
        assertTrue(gather.err().contains("DMLEMU_JAVA_OPTS=-Xmx"), gather.err());
    }

    private Outcome dmlemu(String heap, String... args) throws IOException, InterruptedException {
        return dmlemu(null, heap, args);
    }

    private Outcome dmlemu(Path stdin, String heap, String... args) throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(JAR), "the packaged jar is built before integration tests: " + JAR);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx" + heap, "-jar", JAR.toString()));
        command.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        if (stdin != null) {
            builder.redirectInput(stdin.toFile());
        }
        Process process = builder.start();
        if (!process.waitFor(180, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("dmlemu did not finish in 180 s: " + command);
        }
        return new Outcome(process.exitValue(), Files.readString(out).replace("\r\n", "\n"),
                Files.readString(err).replace("\r\n", "\n"));
    }
}
