package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import java.util.Objects;

/**
 * One GATHER_ELEMENTS case: a desc and the bytes of its three tensors (the output's are its initial contents).
 * {@link GatherElementsCases} makes them valid at feature level 4_1 and later; the seed names the case.
 */
public record GatherElementsCase(long seed, GatherElementsOperatorDesc desc, TensorBytes input, TensorBytes indices,
        TensorBytes output) implements GatherFamilyCase {

    public GatherElementsCase {
        Objects.requireNonNull(desc, "desc");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(indices, "indices");
        Objects.requireNonNull(output, "output");
    }

    public int axis() {
        return Math.toIntExact(desc.axis());
    }

    public long axisSize() {
        return inputTensor().sizes().get(axis());
    }

    /** Every addressed index in row-major order, as {@link NaiveGatherElements} reads it (UINT64 raw bits). */
    public long[] indexValues() {
        long[] sizes = Shapes.toArray(indicesTensor().sizes());
        long[] strides = indicesTensor().strides().map(Shapes::toArray).orElseGet(() -> Shapes.packedStrides(sizes));
        int width = indexType().sizeInBytes();
        long[] values = new long[Math.toIntExact(Shapes.product(sizes))];
        for (int e = 0; e < values.length; e++) {
            long at = indices.offset() + Shapes.offset(Shapes.coordinate(e, sizes), strides) * width;
            values[e] = LittleEndian.index(indexType(), indices.bytes(), Math.toIntExact(at));
        }
        return values;
    }

    @Override
    public String toString() {
        return "GatherElementsCase[seed=" + seed + ", " + dataType() + "/" + indexType() + ", axis " + axis()
                + ", input " + text(inputTensor(), input) + ", indices " + text(indicesTensor(), indices)
                + ", output " + text(outputTensor(), output) + "]";
    }

    private static String text(BufferTensorDesc tensor, TensorBytes bytes) {
        return tensor.sizes() + tensor.strides().map(s -> " strides " + s).orElse("") + " total "
                + tensor.totalTensorSizeInBytes() + " at " + bytes.offset() + " of " + bytes.bytes().length;
    }
}
