package dev.dmlemu.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.model.DispatchCommand;
import dev.dmlemu.model.ModelFile;
import dev.dmlemu.model.ModelFiles;
import dev.dmlemu.model.OperatorDispatchable;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The benchmark's workloads compute the same thing on both sides, at a small size: ONNX Runtime's outputs equal a
 * naive reference written here from the operators' definitions, and the emulator's equal ONNX Runtime's (skipped,
 * saying so, while the emulator has no kernel for the operator). The benchmark's setup repeats the second check at
 * full size.
 */
class KernelWorkloadsAgreeTest {

    static List<String> names() {
        return KernelWorkloads.NAMES;
    }

    private static OperatorWorkload small(String name) {
        return KernelWorkloads.named(name, KernelWorkloads.Size.CHECK).orElseThrow();
    }

    @ParameterizedTest
    @MethodSource("names")
    void onnxRuntimeMatchesTheNaiveReference(String name) throws Exception {
        OperatorWorkload w = small(name);
        List<ByteBuffer> inputs = w.inputs().stream()
                .map(in -> in.values().fill(Workload.Values.heap(in.bytes()))).toList();
        List<ByteBuffer> expected = NaiveKernels.outputs(name, w, inputs);
        try (WorkloadRun run = new WorkloadRun(w, 1)) {
            run.runOrt();
            for (int i = 0; i < expected.size(); i++) {
                Operand o = w.outputs().get(i);
                SameBytes.require(name + " " + o.field() + ": ONNX Runtime and the naive reference", run.ortOutput(i),
                        expected.get(i), o.bytes(), o.type().sizeInBytes());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("names")
    void emulatorMatchesOnnxRuntimeAtOneAndTwoThreads(String name) throws Exception {
        OperatorWorkload w = small(name);
        Assumptions.assumeTrue(WorkloadRun.emulatorRuns(w),
                () -> "the emulator has no kernel for " + w.desc().operatorType().cName() + " yet");
        for (int threads = 1; threads <= 2; threads++) {
            try (WorkloadRun run = new WorkloadRun(w, threads)) {
                assertTrue(run.requireAgreement());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("names")
    void theCommandLinesModelReadsBackToTheSameDesc(String name, @TempDir Path folder) throws Exception {
        OperatorWorkload w = small(name);
        new TimedWorkload.Kernel(w).writeModel(folder);
        ModelFile model = ModelFiles.read(folder.resolve("model.json"));
        assertEquals(w.desc(), ((OperatorDispatchable) model.dispatchables().get("op")).desc());
        assertEquals(w.inputs().size() + w.outputs().size(), model.resources().size());
        assertTrue(model.commands().get(0) instanceof DispatchCommand);
        assertEquals(1 + w.outputs().size(), model.commands().size());
    }

    @Test
    void theBenchmarkSizesAreTheIssues() {
        assertEquals(List.of(4096L, 4096L), shape(KernelWorkloads.named("ADD", KernelWorkloads.Size.BENCHMARK)
                .orElseThrow().outputs().get(0)));
        assertEquals(List.of(4094L, 4094L), shape(KernelWorkloads.named("SLICE", KernelWorkloads.Size.BENCHMARK)
                .orElseThrow().outputs().get(0)));
        assertEquals(List.of(4098L, 4098L), shape(KernelWorkloads.named("PAD", KernelWorkloads.Size.BENCHMARK)
                .orElseThrow().outputs().get(0)));
        assertEquals(List.of(1L, 64L, 224L, 224L), shape(KernelWorkloads.named("MAX_POOL",
                KernelWorkloads.Size.BENCHMARK).orElseThrow().outputs().get(0)));
    }

    private static List<Long> shape(Operand o) {
        return Arrays.stream(o.shape()).boxed().toList();
    }

    /** The workloads' operators computed the plain way, from their definitions, for the small sizes only. */
    private static final class NaiveKernels {

        static List<ByteBuffer> outputs(String name, OperatorWorkload w, List<ByteBuffer> in) {
            long[] out = w.outputs().get(0).shape();
            ByteBuffer y = Workload.Values.heap(w.outputs().get(0).bytes());
            switch (name) {
                case "ADD" -> each(y, i -> y.putFloat(i * 4, in.get(0).getFloat(i * 4) + in.get(1).getFloat(i * 4)));
                case "CAST" -> each(y, i -> y.putInt(i * 4, (int) in.get(0).getFloat(i * 4)));
                case "CONCAT" -> {
                    int half = (int) out[1] / 2;
                    for (int r = 0; r < out[0]; r++) {
                        for (int c = 0; c < out[1]; c++) {
                            ByteBuffer source = in.get(c < half ? 0 : 1);
                            y.putFloat((int) (r * out[1] + c) * 4, source.getFloat((r * half + c % half) * 4));
                        }
                    }
                }
                case "SLICE" -> {
                    long columns = w.inputs().get(0).shape()[1];
                    for (int r = 0; r < out[0]; r++) {
                        for (int c = 0; c < out[1]; c++) {
                            y.putFloat((int) (r * out[1] + c) * 4, in.get(0).getFloat((int) ((r + 1) * columns + c + 1)
                                    * 4));
                        }
                    }
                }
                case "PAD" -> {
                    long columns = w.inputs().get(0).shape()[1];
                    for (int r = 0; r < out[0]; r++) {
                        for (int c = 0; c < out[1]; c++) {
                            boolean inside = r >= 1 && r < out[0] - 1 && c >= 1 && c < out[1] - 1;
                            y.putFloat((int) (r * out[1] + c) * 4, inside
                                    ? in.get(0).getFloat((int) ((r - 1) * columns + c - 1) * 4) : 0f);
                        }
                    }
                }
                case "TOP_K" -> {
                    return topK(w, in.get(0));
                }
                case "MAX_POOL" -> maxPool(out, in.get(0), y);
                default -> throw new IllegalArgumentException(name);
            }
            return List.of(y);
        }

        private static void each(ByteBuffer y, IntConsumer element) {
            IntStream.range(0, y.capacity() / 4).forEach(element);
        }

        /** The K largest of each row, largest first, with their positions (the values are distinct). */
        private static List<ByteBuffer> topK(OperatorWorkload w, ByteBuffer x) {
            int columns = (int) w.inputs().get(0).shape()[1];
            int rows = (int) w.inputs().get(0).shape()[0];
            int k = (int) w.outputs().get(0).shape()[1];
            ByteBuffer values = Workload.Values.heap(w.outputs().get(0).bytes());
            ByteBuffer indices = Workload.Values.heap(w.outputs().get(1).bytes());
            for (int r = 0; r < rows; r++) {
                int row = r;
                List<Integer> order = IntStream.range(0, columns).boxed()
                        .sorted(Comparator.comparing((Integer c) -> x.getFloat((row * columns + c) * 4)).reversed())
                        .toList();
                for (int j = 0; j < k; j++) {
                    values.putFloat((r * k + j) * 4, x.getFloat((r * columns + order.get(j)) * 4));
                    indices.putLong((r * k + j) * 8, order.get(j));
                }
            }
            return List.of(values, indices);
        }

        /** 3 x 3 windows, stride 1, one padding row and column on each side, which never wins. */
        private static void maxPool(long[] shape, ByteBuffer x, ByteBuffer y) {
            int channels = (int) shape[1];
            int height = (int) shape[2];
            int width = (int) shape[3];
            for (int c = 0; c < channels; c++) {
                for (int h = 0; h < height; h++) {
                    for (int v = 0; v < width; v++) {
                        float max = Float.NEGATIVE_INFINITY;
                        for (int dh = -1; dh <= 1; dh++) {
                            for (int dv = -1; dv <= 1; dv++) {
                                int hh = h + dh;
                                int vv = v + dv;
                                if (hh >= 0 && hh < height && vv >= 0 && vv < width) {
                                    max = Math.max(max, x.getFloat(((c * height + hh) * width + vv) * 4));
                                }
                            }
                        }
                        y.putFloat(((c * height + h) * width + v) * 4, max);
                    }
                }
            }
        }
    }

    @Test
    void theCopyFloorWritesTheInputsBackToBackThenZeros() throws Exception {
        List<byte[]> sources = List.of(new byte[] {1, 2, 3}, new byte[] {4, 5});
        for (int threads = 1; threads <= 2; threads++) {
            try (StreamFloor padded = new StreamFloor(sources, new byte[7], threads);
                    StreamFloor cut = new StreamFloor(sources, new byte[4], threads)) {
                padded.run();
                cut.run();
                assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 0, 0}, padded.target());
                assertArrayEquals(new byte[] {1, 2, 3, 4}, cut.target());
            }
        }
    }

    @Test
    void theTwoInputFloorReadsBoth() throws Exception {
        try (TwoInputFloor floor = new TwoInputFloor(new byte[] {1, 2, 4}, new byte[] {8, 16, 32}, new byte[3], 2)) {
            floor.run();
            assertArrayEquals(new byte[] {9, 18, 36}, floor.target());
        }
    }
}
