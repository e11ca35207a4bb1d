package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import java.util.Objects;

/**
 * One GATHER case: a desc and the bytes of its three tensors (the output's are its initial contents).
 * {@link GatherCases} makes them valid at feature level 4_1 and later; the seed names the case.
 */
public record GatherCase(long seed, GatherOperatorDesc desc, TensorBytes input, TensorBytes indices,
        TensorBytes output) implements GatherFamilyCase {

    public GatherCase {
        Objects.requireNonNull(desc, "desc");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(indices, "indices");
        Objects.requireNonNull(output, "output");
    }

    public int axis() {
        return Math.toIntExact(desc.axis());
    }

    public int indexDimensions() {
        return Math.toIntExact(desc.indexDimensions());
    }

    public long axisSize() {
        return inputTensor().sizes().get(axis());
    }

    /** IndexDimensions - 1 > Axis: the shapes that corrupt DirectML.dll 1.15.4's heap ({@link GatherCaseOptions}). */
    public boolean isHeapBugShape() {
        return indexDimensions() - 1 > axis();
    }

    /**
     * Every element of the indices tensor in row-major order, each read by some output element (the dimensions outside
     * the last IndexDimensions are 1), as {@link NaiveGather} reads it (UINT64 raw bits).
     */
    public long[] indexValues() {
        TensorLayout idx = TensorLayout.of(desc.indicesTensor());
        long[] values = new long[Math.toIntExact(Shapes.product(idx.sizes()))];
        for (int e = 0; e < values.length; e++) {
            values[e] = LittleEndian.index(indexType(), indices.bytes(),
                    idx.byteAt(indices, Shapes.coordinate(e, idx.sizes())));
        }
        return values;
    }

    /** Some index lies outside the axis as its type reads it (UINT64 unsigned: 2^64 - 1 is out of range). */
    public boolean hasOutOfRangeIndex() {
        for (long v : indexValues()) {
            if (!AxisIndex.inRange(v, axisSize(), indexType())) {
                return true;
            }
        }
        return false;
    }

    /** Some index of a signed type counts from the end of the axis: {@code [-size, -1]}. */
    public boolean hasNegativeInRangeIndex() {
        for (long v : indexValues()) {
            if (indexType().isSignedInteger() && v < 0 && v >= -axisSize()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "GatherCase[seed=" + seed + ", " + dataType() + "/" + indexType() + ", axis " + axis()
                + ", IndexDimensions " + indexDimensions() + ", input " + text(inputTensor(), input) + ", indices "
                + text(indicesTensor(), indices) + ", output " + text(outputTensor(), output) + "]";
    }

    private static String text(BufferTensorDesc tensor, TensorBytes bytes) {
        return tensor.sizes() + tensor.strides().map(s -> " strides " + s).orElse("") + " total "
                + tensor.totalTensorSizeInBytes() + " at " + bytes.offset() + " of " + bytes.bytes().length;
    }
}
