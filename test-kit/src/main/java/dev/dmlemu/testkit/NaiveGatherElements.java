package dev.dmlemu.testkit;

import dev.dmlemu.desc.GatherElementsOperatorDesc;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * GATHER_ELEMENTS written from its spec alone (docs/directml-behaviour.md §6.1, §6.4, §7): one output coordinate at a
 * time in row-major order, over the desc's own sizes and strides, on little-endian bytes read one at a time. It is
 * deliberately slow and shares no code with any backend, so that tests can take their expected bytes from it.
 *
 * <p>Signed index types count from the end of the axis (§6.4, feature level 3_0 and later); unsigned ones do not.
 * Output bytes the output strides do not address keep their values; overlapping output elements are written in
 * row-major order, so the last write wins.
 */
public final class NaiveGatherElements {

    private NaiveGatherElements() {}

    /** What a STRICT run refused: the output coordinate and the index in decimal as its type reads it. */
    public record Refusal(List<Long> coordinate, String value) implements IndexRefusal {}

    /**
     * The output array after the gather (a copy of the given one with the addressed elements written; unchanged when
     * refused) and, under STRICT, the refusal.
     */
    public record Outcome(byte[] output, Optional<Refusal> refusal) {}

    public static Outcome run(GatherElementsCase c, OutOfRangeModel model) {
        return run(c.desc(), model, c.input(), c.indices(), c.output());
    }

    /** Never writes into the arrays it is given. */
    public static Outcome run(GatherElementsOperatorDesc desc, OutOfRangeModel model, TensorBytes input,
            TensorBytes indices, TensorBytes output) {
        TensorLayout in = TensorLayout.of(desc.inputTensor());
        TensorLayout idx = TensorLayout.of(desc.indicesTensor());
        TensorLayout out = TensorLayout.of(desc.outputTensor());
        int axis = Math.toIntExact(desc.axis());
        long axisSize = in.sizes()[axis];
        byte[] written = output.bytes().clone();
        long count = Shapes.product(idx.sizes());
        if (model == OutOfRangeModel.STRICT) {
            for (long e = 0; e < count; e++) {
                long[] coordinate = Shapes.coordinate(e, idx.sizes());
                long value = readIndex(idx, indices, coordinate);
                if (!AxisIndex.inRange(value, axisSize, idx.type())) {
                    return new Outcome(written, Optional.of(new Refusal(Shapes.toList(coordinate),
                            LittleEndian.indexText(idx.type(), value))));
                }
            }
        }
        int es = in.type().sizeInBytes();
        for (long e = 0; e < count; e++) {
            long[] coordinate = Shapes.coordinate(e, idx.sizes());
            long value = readIndex(idx, indices, coordinate);
            OptionalLong element = switch (model) {
                case DIRECTML -> linearWalk(in, axis, coordinate, value);
                case STRICT -> OptionalLong.of(plainElement(in, axis, coordinate,
                        AxisIndex.wrapped(value, axisSize, idx.type())));
                case CLAMP_AXIS -> OptionalLong.of(plainElement(in, axis, coordinate,
                        AxisIndex.clamped(value, axisSize, idx.type())));
            };
            int to = Math.toIntExact(output.offset() + Shapes.offset(coordinate, out.strides()) * es);
            for (int k = 0; k < es; k++) {
                written[to + k] = element.isEmpty() ? 0
                        : input.bytes()[Math.toIntExact(input.offset() + element.getAsLong() * es + k)];
            }
        }
        return new Outcome(written, Optional.empty());
    }

    /**
     * docs/directml-behaviour.md §7.1, step by step; in-range indices come out as the plain formula. Empty means the
     * element reads as zero.
     */
    private static OptionalLong linearWalk(TensorLayout in, int axis, long[] coordinate, long index) {
        long axisSize = in.sizes()[axis];
        long value = index; // 1. already a signed 64-bit value
        if (value < 0) {
            value += axisSize; // 2. once
        }
        long position = value & 0xFFFF_FFFFL; // 3.
        if (axisSize == 1) {
            position = 0; // 4.
        }
        long offset = 0; // 5. modulo 2^32
        for (int d = 0; d < coordinate.length; d++) {
            long x = d == axis ? position : coordinate[d];
            offset = (offset + x * in.strides()[d]) % (1L << 32);
        }
        int es = in.type().sizeInBytes();
        long n = (in.totalBytes() + es - 1) / es; // 6. ceil(Total / element size)
        if (offset > n - 1) {
            offset = n - 1;
        }
        if ((offset + 1) * es > in.totalBytes()) {
            return OptionalLong.empty(); // 7. not wholly inside TotalTensorSizeInBytes
        }
        return OptionalLong.of(offset);
    }

    private static long plainElement(TensorLayout in, int axis, long[] coordinate, long position) {
        long[] source = coordinate.clone();
        source[axis] = position;
        return Shapes.offset(source, in.strides());
    }

    private static long readIndex(TensorLayout idx, TensorBytes indices, long[] coordinate) {
        long at = indices.offset() + Shapes.offset(coordinate, idx.strides()) * idx.type().sizeInBytes();
        return LittleEndian.index(idx.type(), indices.bytes(), Math.toIntExact(at));
    }
}
