package dev.dmlemu.nativebridge.blob;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.jna.Pointer;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.InvalidTensorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Writes descriptor records to desc images, relocates them into native memory ({@link RelocatedImage}) and reads them
 * back with raw pointer reads at the offsets of the reference table (docs/directml-behaviour.md §3.1).
 */
class RelocatedDescTest {

    // DML_BUFFER_TENSOR_DESC offsets
    private static final int DATA_TYPE = 0;
    private static final int FLAGS = 4;
    private static final int DIMENSION_COUNT = 8;
    private static final int SIZES = 16;
    private static final int STRIDES = 24;
    private static final int TOTAL = 32;
    private static final int ALIGNMENT = 40;
    // DML_TENSOR_DESC / DML_OPERATOR_DESC offsets
    private static final int TYPE = 0;
    private static final int DESC = 8;
    // DML_GATHER_ELEMENTS_OPERATOR_DESC offsets
    private static final int INPUT = 0;
    private static final int INDICES = 8;
    private static final int OUTPUT = 16;
    private static final int AXIS = 24;
    // DML_GATHER_OPERATOR_DESC: the same three pointers and Axis, then IndexDimensions
    private static final int INDEX_DIMENSIONS = 28;
    // DML_SCATTER_ELEMENTS_OPERATOR_DESC / DML_SCATTER_ND_OPERATOR_DESC: four pointers, then the UINTs
    private static final int SCATTER_UPDATES = 16;
    private static final int SCATTER_OUTPUT = 24;
    private static final int SCATTER_FIRST_UINT = 32;
    private static final int SCATTER_SECOND_UINT = 36;

    private static List<Long> longs(long... values) {
        List<Long> list = new ArrayList<>();
        for (long value : values) {
            list.add(value);
        }
        return list;
    }

    /** Reads DimensionCount UINTs from a native array. */
    private static List<Long> uints(Pointer array, int count) {
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            values.add(Integer.toUnsignedLong(array.getInt(4L * i)));
        }
        return values;
    }

    private static Pointer bufferOf(Pointer tensorDesc) {
        assertEquals(1, tensorDesc.getInt(TYPE), "DML_TENSOR_DESC.Type = DML_TENSOR_TYPE_BUFFER");
        return tensorDesc.getPointer(DESC);
    }

    @Test
    void theDocsExampleAsFourDimensionalTensors() {
        // DirectML docs: input 3x3 FLOAT32, indices 2x3 UINT32, axis 0; here as {1,1,3,3} / {1,1,2,3} with axis 2.
        BufferTensorDesc input = new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 4,
                longs(1, 1, 3, 3), Optional.empty(), 36, 0);
        BufferTensorDesc indices = new BufferTensorDesc(TensorDataType.UINT32, TensorFlags.NONE, 4,
                longs(1, 1, 2, 3), Optional.empty(), 24, 0);
        BufferTensorDesc output = new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 4,
                longs(1, 1, 2, 3), Optional.empty(), 24, 0);
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(input, indices, output, 2);
        Pointer op = RelocatedImage.of(DescBlobWriter.write(desc));
        assertEquals(107, op.getInt(TYPE), "DML_OPERATOR_GATHER_ELEMENTS");
        Pointer gather = op.getPointer(DESC);
        assertEquals(2, gather.getInt(AXIS));

        Pointer in = bufferOf(gather.getPointer(INPUT));
        Pointer idx = bufferOf(gather.getPointer(INDICES));
        Pointer out = bufferOf(gather.getPointer(OUTPUT));
        assertAll(
                () -> assertEquals(1, in.getInt(DATA_TYPE), "FLOAT32"),
                () -> assertEquals(3, idx.getInt(DATA_TYPE), "UINT32"),
                () -> assertEquals(1, out.getInt(DATA_TYPE), "FLOAT32"),
                () -> assertEquals(4, in.getInt(DIMENSION_COUNT)),
                () -> assertEquals(longs(1, 1, 3, 3), uints(in.getPointer(SIZES), 4)),
                () -> assertEquals(longs(1, 1, 2, 3), uints(idx.getPointer(SIZES), 4)),
                () -> assertEquals(longs(1, 1, 2, 3), uints(out.getPointer(SIZES), 4)),
                () -> assertEquals(0, Pointer.nativeValue(in.getPointer(STRIDES)), "packed: Strides = NULL"),
                () -> assertEquals(36, in.getLong(TOTAL)),
                () -> assertEquals(24, idx.getLong(TOTAL)),
                () -> assertEquals(0, in.getInt(ALIGNMENT)),
                () -> assertEquals(0, in.getInt(FLAGS)));
    }

    @Test
    void aGatherWithItsTwoUintFields() {
        // DirectML docs, Gather example 2: input {3,2}, indices {1,4} (UINT32), axis 0, one index dimension -> {4,2}.
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 2);
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 4);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, 4, 2);
        GatherOperatorDesc desc = new GatherOperatorDesc(input, indices, output, 0, 1);
        Pointer op = RelocatedImage.of(DescBlobWriter.write(desc));
        assertEquals(67, op.getInt(TYPE), "DML_OPERATOR_GATHER");
        Pointer gather = op.getPointer(DESC);
        assertAll(
                () -> assertEquals(0, gather.getInt(AXIS)),
                () -> assertEquals(1, gather.getInt(INDEX_DIMENSIONS)),
                () -> assertEquals(longs(3, 2), uints(bufferOf(gather.getPointer(INPUT)).getPointer(SIZES), 2)),
                () -> assertEquals(longs(1, 4), uints(bufferOf(gather.getPointer(INDICES)).getPointer(SIZES), 2)),
                () -> assertEquals(longs(4, 2), uints(bufferOf(gather.getPointer(OUTPUT)).getPointer(SIZES), 2)),
                () -> assertEquals(3, bufferOf(gather.getPointer(INDICES)).getInt(DATA_TYPE), "UINT32"));
    }

    @Test
    void aScatterElementsWithItsUpdatesTensor() {
        // DirectML docs, ScatterElements example 2 with its {3,3} input: indices and updates {2,3}, Axis 0.
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 3);
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.INT64, 2, 3);
        BufferTensorDesc updates = BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 3);
        ScatterElementsOperatorDesc desc = new ScatterElementsOperatorDesc(input, indices, updates, output, 1);
        Pointer op = RelocatedImage.of(DescBlobWriter.write(desc));
        assertEquals(94, op.getInt(TYPE), "DML_OPERATOR_SCATTER_ELEMENTS");
        Pointer scatter = op.getPointer(DESC);
        assertAll(
                () -> assertEquals(1, scatter.getInt(SCATTER_FIRST_UINT), "Axis"),
                () -> assertEquals(longs(3, 3), uints(bufferOf(scatter.getPointer(INPUT)).getPointer(SIZES), 2)),
                () -> assertEquals(11, bufferOf(scatter.getPointer(INDICES)).getInt(DATA_TYPE), "INT64"),
                () -> assertEquals(longs(2, 3),
                        uints(bufferOf(scatter.getPointer(SCATTER_UPDATES)).getPointer(SIZES), 2)),
                () -> assertEquals(24, bufferOf(scatter.getPointer(SCATTER_UPDATES)).getLong(TOTAL)),
                () -> assertEquals(longs(3, 3),
                        uints(bufferOf(scatter.getPointer(SCATTER_OUTPUT)).getPointer(SIZES), 2)));
    }

    @Test
    void aScatterNdWithItsTwoCounts() {
        // DirectML docs, ScatterND example in 2-D: input {1,8}, indices {4,1}, updates {1,4}; counts 1 and 2.
        ScatterNdOperatorDesc desc = new ScatterNdOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 8),
                BufferTensorDesc.packed(TensorDataType.UINT32, 4, 1), BufferTensorDesc.packed(TensorDataType.FLOAT32,
                        1, 4), BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 8), 1, 2);
        Pointer op = RelocatedImage.of(DescBlobWriter.write(desc));
        assertEquals(109, op.getInt(TYPE), "DML_OPERATOR_SCATTER_ND");
        Pointer scatter = op.getPointer(DESC);
        assertAll(
                () -> assertEquals(1, scatter.getInt(SCATTER_FIRST_UINT), "InputDimensionCount"),
                () -> assertEquals(2, scatter.getInt(SCATTER_SECOND_UINT), "IndicesDimensionCount"),
                () -> assertEquals(longs(4, 1), uints(bufferOf(scatter.getPointer(INDICES)).getPointer(SIZES), 2)),
                () -> assertEquals(longs(1, 4),
                        uints(bufferOf(scatter.getPointer(SCATTER_UPDATES)).getPointer(SIZES), 2)),
                () -> assertEquals(longs(1, 8),
                        uints(bufferOf(scatter.getPointer(SCATTER_OUTPUT)).getPointer(SIZES), 2)));
    }

    static Stream<Integer> oneToEightDimensions() {
        return IntStream.rangeClosed(1, 8).boxed();
    }

    @ParameterizedTest(name = "{0} dimensions, strided")
    @MethodSource("oneToEightDimensions")
    void everyDimensionCountWithStrides(int dimensions) {
        long[] sizes = new long[dimensions];
        long[] strides = new long[dimensions];
        for (int d = 0; d < dimensions; d++) {
            sizes[d] = d + 2;           // 2, 3, 4, ...
            strides[d] = 100 * (d + 1); // 100, 200, ... (arbitrary: the marshaller copies, it does not judge)
        }
        BufferTensorDesc tensor = new BufferTensorDesc(TensorDataType.INT64, TensorFlags.NONE, dimensions,
                longs(sizes), Optional.of(longs(strides)), 123_456_789_012L, 16);
        Pointer buffer = bufferOf(RelocatedImage.of(DescBlobWriter.writeTensor(tensor, "InputTensor")));
        assertAll(
                () -> assertEquals(11, buffer.getInt(DATA_TYPE), "INT64"),
                () -> assertEquals(dimensions, buffer.getInt(DIMENSION_COUNT)),
                () -> assertEquals(longs(sizes), uints(buffer.getPointer(SIZES), dimensions)),
                () -> assertEquals(longs(strides), uints(buffer.getPointer(STRIDES), dimensions)),
                () -> assertEquals(123_456_789_012L, buffer.getLong(TOTAL)),
                () -> assertEquals(16, buffer.getInt(ALIGNMENT)));
    }

    @ParameterizedTest
    @EnumSource(TensorDataType.class)
    void everyDataTypeCode(TensorDataType type) {
        // docs/directml-behaviour.md §2.1, typed in: the position in this array is the C value.
        List<String> cOrder = List.of("UNKNOWN", "FLOAT32", "FLOAT16", "UINT32", "UINT16", "UINT8", "INT32", "INT16",
                "INT8", "FLOAT64", "UINT64", "INT64", "UINT4", "INT4");
        BufferTensorDesc tensor = new BufferTensorDesc(type, TensorFlags.NONE, 1, longs(8), Optional.empty(), 64, 0);
        Pointer buffer = bufferOf(RelocatedImage.of(DescBlobWriter.writeTensor(tensor, "InputTensor")));
        assertEquals(cOrder.indexOf(type.name()), buffer.getInt(DATA_TYPE));
    }

    @ParameterizedTest
    @EnumSource(TensorFlags.class)
    void everyFlagValue(TensorFlags flags) {
        BufferTensorDesc tensor = new BufferTensorDesc(TensorDataType.FLOAT32, flags, 1, longs(4), Optional.empty(),
                16, 0);
        int expected = flags == TensorFlags.OWNED_BY_DML ? 0x1 : 0x0;
        Pointer buffer = bufferOf(RelocatedImage.of(DescBlobWriter.writeTensor(tensor, "InputTensor")));
        assertEquals(expected, buffer.getInt(FLAGS));
    }

    @Test
    void zeroStridesAndTheFullUintRangeAreCopiedUnchanged() {
        BufferTensorDesc tensor = new BufferTensorDesc(TensorDataType.UINT8, TensorFlags.NONE, 3,
                longs(4_294_967_295L, 1, 7), Optional.of(longs(0, 4_294_967_295L, 1)), Long.MAX_VALUE,
                4_294_967_295L);
        Pointer buffer = bufferOf(RelocatedImage.of(DescBlobWriter.writeTensor(tensor, "IndicesTensor")));
        assertEquals(longs(4_294_967_295L, 1, 7), uints(buffer.getPointer(SIZES), 3));
        assertEquals(longs(0, 4_294_967_295L, 1), uints(buffer.getPointer(STRIDES), 3));
        assertEquals(Long.MAX_VALUE, buffer.getLong(TOTAL));
        assertEquals(-1, buffer.getInt(ALIGNMENT), "0xFFFFFFFF");
    }

    @Test
    void aDimensionCountBelowTheSizesIsWrittenAsGiven() {
        // DirectML, not the marshaller, decides that DimensionCount 2 with 3 sizes is wrong.
        BufferTensorDesc tensor = new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 2,
                longs(2, 3, 4), Optional.empty(), 96, 0);
        Pointer buffer = bufferOf(RelocatedImage.of(DescBlobWriter.writeTensor(tensor, "InputTensor")));
        assertEquals(2, buffer.getInt(DIMENSION_COUNT));
        assertEquals(longs(2, 3, 4), uints(buffer.getPointer(SIZES), 3));
    }

    @Test
    void anInvalidTensorDescIsTypeZeroWithNoPayload() {
        Pointer tensor = RelocatedImage.of(DescBlobWriter.writeTensor(new InvalidTensorDesc(), "OutputTensor"));
        assertEquals(0, tensor.getInt(TYPE));
        assertEquals(0, Pointer.nativeValue(tensor.getPointer(DESC)));
    }

    @Test
    void aDimensionCountAboveTheSizesIsRefusedBecauseDirectMlWouldReadPastTheArray() {
        BufferTensorDesc tensor = new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 4,
                longs(2, 3), Optional.empty(), 24, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DescBlobWriter.writeTensor(tensor, "IndicesTensor"));
        assertEquals("IndicesTensor.Sizes has 2 entries but DimensionCount is 4: DirectML would read past the "
                + "array", e.getMessage());
    }

    @Test
    void tooFewStridesAreRefused() {
        BufferTensorDesc tensor = new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 2,
                longs(2, 3), Optional.of(longs(1)), 24, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DescBlobWriter.writeTensor(tensor, "OutputTensor"));
        assertEquals("OutputTensor.Strides has 1 entries but DimensionCount is 2: DirectML would read past the "
                + "array", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(longs = {-1, 4_294_967_296L})
    void valuesOutsideUintAreRefusedNamingTheField(long bad) {
        BufferTensorDesc tensor = new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 2,
                longs(2, bad), Optional.empty(), 24, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DescBlobWriter.writeTensor(tensor, "InputTensor"));
        assertEquals("InputTensor.Sizes[1] = " + bad + " is outside UINT range [0, 4294967295]", e.getMessage());
    }

    @Test
    void anAxisOutsideUintIsRefused() {
        BufferTensorDesc tensor = BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 2);
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(tensor, tensor.withDataType(
                TensorDataType.UINT32), tensor, 1L << 32);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DescBlobWriter.write(desc));
        assertEquals("GatherElementsOperatorDesc.Axis = 4294967296 is outside UINT range [0, 4294967295]",
                e.getMessage());
    }

    @Test
    void aNegativeTotalSizeIsRefused() {
        BufferTensorDesc tensor = new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 1, longs(1),
                Optional.empty(), -8, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DescBlobWriter.writeTensor(tensor, "InputTensor"));
        assertEquals("InputTensor.TotalTensorSizeInBytes = -8 is negative (UINT64 values above 2^63-1 are not "
                + "representable)", e.getMessage());
    }
}
