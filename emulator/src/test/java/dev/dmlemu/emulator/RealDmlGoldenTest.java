package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The real DirectML.dll's recorded outputs ({@link RealDmlGoldenCases}) under the default
 * {@link IndexPolicy#DIRECTML}: the docs example, negative indices, 1-D/8-D, INT8/FLOAT64, strided and broadcast
 * inputs, an unaligned TotalTensorSizeInBytes, and the out-of-range probes behind docs/directml-behaviour.md §7;
 * and GATHER's ({@link RealDmlGatherGoldenCases}), GATHER_ND's and GATHER_ND1's ({@link RealDmlGatherNdGoldenCases}).
 *
 * <p>Buffers are set up as the harness does: each tensor in a zeroed buffer of TotalTensorSizeInBytes rounded up
 * to 256 bytes, holding the listed values from the start.
 */
class RealDmlGoldenTest {

    @TestFactory
    Stream<DynamicTest> examples() {
        return golden(RealDmlGoldenCases.EXAMPLES, RealDmlGoldenCases.EXAMPLES_EXPECTED, 14);
    }

    @TestFactory
    Stream<DynamicTest> outOfRangeProbes() {
        return golden(RealDmlGoldenCases.OOB_PROBES, RealDmlGoldenCases.OOB_PROBES_EXPECTED, 10);
    }

    @TestFactory
    Stream<DynamicTest> gatherExamples() {
        return golden(RealDmlGatherGoldenCases.EXAMPLES, RealDmlGatherGoldenCases.EXAMPLES_EXPECTED, 28);
    }

    @TestFactory
    Stream<DynamicTest> gatherHeapBugShapes() {
        return golden(RealDmlGatherGoldenCases.HEAP_BUG, RealDmlGatherGoldenCases.HEAP_BUG_EXPECTED, 3);
    }

    @TestFactory
    Stream<DynamicTest> gatherPaddingProbes() {
        return golden(RealDmlGatherGoldenCases.PADDING_PROBES, RealDmlGatherGoldenCases.PADDING_PROBES_EXPECTED, 7);
    }

    @TestFactory
    Stream<DynamicTest> gatherCroppedEntriesAbove1() {
        return golden(RealDmlGatherGoldenCases.CROPPED, RealDmlGatherGoldenCases.CROPPED_EXPECTED, 2);
    }

    @TestFactory
    Stream<DynamicTest> gatherNdExamples() {
        return golden(RealDmlGatherNdGoldenCases.EXAMPLES, RealDmlGatherNdGoldenCases.EXAMPLES_EXPECTED, 10);
    }

    @TestFactory
    Stream<DynamicTest> gatherNdOutOfRangeProbes() {
        return golden(RealDmlGatherNdGoldenCases.OUT_OF_RANGE, RealDmlGatherNdGoldenCases.OUT_OF_RANGE_EXPECTED, 11);
    }

    private static Stream<DynamicTest> golden(String caseText, String expectedText, int expectedCount) {
        Map<String, List<String>> expected = new LinkedHashMap<>();
        for (String line : expectedText.strip().split("\n")) {
            String[] words = line.strip().split("\\s+");
            expected.put(words[1], Arrays.asList(words).subList(2, words.length));
        }
        List<HarnessCaseText> cases = HarnessCaseText.parseAll(caseText);
        assertEquals(expectedCount, cases.size());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.name, () -> {
            List<String> want = expected.get(c.name);
            assertTrue(want != null, "no recorded output for " + c.name);
            assertEquals(want.size(), c.outputCount());
            ByteBuffer output = Kernels.le(roundUp((int) c.outputTotal(), 256));
            Kernels.run(c.desc(), IndexPolicy.DIRECTML, c.buffer(c.inputType, c.input, c.inputTotal()),
                    c.buffer(c.indicesType, c.indices, c.indicesTotal()), output);
            for (int i = 0; i < want.size(); i++) {
                assertEquals(HarnessCaseText.bits(c.inputType, want.get(i)),
                        HarnessCaseText.read(c.inputType, output, c.outputElement(i)), c.name + " element " + i
                                + " (DLL printed " + want.get(i) + ")");
            }
        }));
    }

    private static int roundUp(int value, int multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }

    /** One case in the harness's text format (keys as in gather_elements_harness.c). */
    static final class HarnessCaseText {
        String name;
        OperatorType op = OperatorType.GATHER_ELEMENTS;
        TensorDataType inputType = TensorDataType.FLOAT32;
        TensorDataType indicesType = TensorDataType.UINT32;
        long[] inputSizes;
        long[] inputStrides;
        long[] indicesSizes;
        Long inputBytes;
        long[] outputSizes;
        long[] outputStrides;
        long axis;
        long indexDimensions;
        long inputDimensionCount;
        long indicesDimensionCount;
        long batchDimensionCount;
        List<String> input = new ArrayList<>();
        List<String> indices = new ArrayList<>();

        static List<HarnessCaseText> parseAll(String text) {
            List<HarnessCaseText> cases = new ArrayList<>();
            HarnessCaseText current = new HarnessCaseText();
            for (String raw : text.split("\n")) {
                String line = raw.strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] words = line.split("\\s+");
                List<String> values = Arrays.asList(words).subList(1, words.length);
                switch (words[0]) {
                    case "name" -> current.name = words[1];
                    case "op" -> current.op = OperatorType.fromName(words[1]);
                    case "output_sizes" -> current.outputSizes = longs(values);
                    case "output_strides" -> current.outputStrides = longs(values);
                    case "index_dimensions" -> current.indexDimensions = Long.parseLong(words[1]);
                    case "input_dimension_count" -> current.inputDimensionCount = Long.parseLong(words[1]);
                    case "indices_dimension_count" -> current.indicesDimensionCount = Long.parseLong(words[1]);
                    case "batch_dimension_count" -> current.batchDimensionCount = Long.parseLong(words[1]);
                    case "input_type" -> current.inputType = TensorDataType.fromName(words[1]);
                    case "indices_type" -> current.indicesType = TensorDataType.fromName(words[1]);
                    case "input_sizes" -> current.inputSizes = longs(values);
                    case "input_strides" -> current.inputStrides = longs(values);
                    case "indices_sizes" -> current.indicesSizes = longs(values);
                    case "input_bytes" -> current.inputBytes = Long.parseLong(words[1]);
                    case "axis" -> current.axis = Long.parseLong(words[1]);
                    case "input" -> current.input.addAll(values);
                    case "indices" -> current.indices.addAll(values);
                    case "run" -> {
                        cases.add(current);
                        current = new HarnessCaseText();
                    }
                    default -> throw new IllegalArgumentException("unexpected key in golden case: " + line);
                }
            }
            return cases;
        }

        OperatorDesc desc() {
            BufferTensorDesc in = tensor(inputType, inputSizes, inputStrides, inputBytes);
            BufferTensorDesc idx = BufferTensorDesc.packed(indicesType, indicesSizes);
            if (op == OperatorType.GATHER) {
                return new GatherOperatorDesc(in, idx, tensor(inputType, outputSizes, outputStrides, null), axis,
                        indexDimensions);
            }
            if (op == OperatorType.GATHER_ND) {
                return new GatherNdOperatorDesc(in, idx, tensor(inputType, outputSizes, outputStrides, null),
                        inputDimensionCount, indicesDimensionCount);
            }
            if (op == OperatorType.GATHER_ND1) {
                return new GatherNd1OperatorDesc(in, idx, tensor(inputType, outputSizes, outputStrides, null),
                        inputDimensionCount, indicesDimensionCount, batchDimensionCount);
            }
            return new GatherElementsOperatorDesc(in, idx, BufferTensorDesc.packed(inputType, indicesSizes), axis);
        }

        private static BufferTensorDesc tensor(TensorDataType type, long[] sizes, long[] strides, Long bytes) {
            Optional<List<Long>> given = Optional.ofNullable(strides).map(HarnessCaseText::boxed);
            long total = bytes != null ? bytes : BufferTensorMath.calcBufferTensorSize(type, boxed(sizes), given);
            return new BufferTensorDesc(type, TensorFlags.NONE, sizes.length, boxed(sizes), given, total, 0);
        }

        long inputTotal() {
            return tensor(0).totalTensorSizeInBytes();
        }

        long indicesTotal() {
            return tensor(1).totalTensorSizeInBytes();
        }

        long outputTotal() {
            return tensor(2).totalTensorSizeInBytes();
        }

        private BufferTensorDesc tensor(int field) {
            return (BufferTensorDesc) desc().tensorFields().get(field).desc();
        }

        int outputCount() {
            return (int) tensor(2).sizes().stream().mapToLong(Long::longValue).reduce(1, (a, b) -> a * b);
        }

        /** The buffer position of the {@code i}-th output element in row-major order (the harness prints so). */
        int outputElement(int i) {
            List<Long> sizes = tensor(2).sizes();
            List<Long> strides = tensor(2).effectiveStrides();
            long rest = i;
            long position = 0;
            for (int d = sizes.size() - 1; d >= 0; d--) {
                position += rest % sizes.get(d) * strides.get(d);
                rest /= sizes.get(d);
            }
            return (int) position;
        }

        ByteBuffer buffer(TensorDataType type, List<String> values, long total) {
            ByteBuffer b = Kernels.le(roundUp((int) total, 256));
            for (int i = 0; i < values.size(); i++) {
                write(type, b, i, bits(type, values.get(i)));
            }
            return b;
        }

        /** A value's bits as the harness stores it: floats parsed, integers truncated to the type's width. */
        static long bits(TensorDataType type, String text) {
            return switch (type) {
                case FLOAT32 -> Float.floatToRawIntBits(Float.parseFloat(text)) & 0xFFFF_FFFFL;
                case FLOAT64 -> Double.doubleToRawLongBits(Double.parseDouble(text));
                case UINT64 -> Long.parseUnsignedLong(text);
                default -> {
                    long v = Long.parseLong(text);
                    int bits = type.sizeInBits();
                    yield bits == 64 ? v : v & ((1L << bits) - 1);
                }
            };
        }

        static void write(TensorDataType type, ByteBuffer b, int i, long bits) {
            int size = type.sizeInBytes();
            for (int k = 0; k < size; k++) {
                b.put(i * size + k, (byte) (bits >>> (8 * k)));
            }
        }

        static long read(TensorDataType type, ByteBuffer b, int i) {
            int size = type.sizeInBytes();
            long bits = 0;
            for (int k = 0; k < size; k++) {
                bits |= (b.get(i * size + k) & 0xFFL) << (8 * k);
            }
            return bits;
        }

        private static long[] longs(List<String> values) {
            return values.stream().mapToLong(Long::parseLong).toArray();
        }

        private static List<Long> boxed(long[] values) {
            return Arrays.stream(values).boxed().toList();
        }
    }
}
