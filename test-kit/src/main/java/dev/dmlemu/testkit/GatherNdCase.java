package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import java.util.Objects;

/**
 * One GATHER_ND or GATHER_ND1 case: a desc and the bytes of its three tensors (the output's are its initial
 * contents). {@link GatherNdCases} makes them valid at feature level 4_1 and later; the seed names the case.
 *
 * @param desc a {@link GatherNdOperatorDesc} or a {@link GatherNd1OperatorDesc}
 */
public record GatherNdCase(long seed, OperatorDesc desc, TensorBytes input, TensorBytes indices,
        TensorBytes output) implements GatherFamilyCase {

    public GatherNdCase {
        Objects.requireNonNull(desc, "desc");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(indices, "indices");
        Objects.requireNonNull(output, "output");
        if (!(desc instanceof GatherNdOperatorDesc) && !(desc instanceof GatherNd1OperatorDesc)) {
            throw new IllegalArgumentException("not a GATHER_ND or GATHER_ND1 desc: " + desc);
        }
    }

    public int inputDimensionCount() {
        return Math.toIntExact(desc instanceof GatherNdOperatorDesc nd ? nd.inputDimensionCount()
                : ((GatherNd1OperatorDesc) desc).inputDimensionCount());
    }

    public int indicesDimensionCount() {
        return Math.toIntExact(desc instanceof GatherNdOperatorDesc nd ? nd.indicesDimensionCount()
                : ((GatherNd1OperatorDesc) desc).indicesDimensionCount());
    }

    /** 0 for GATHER_ND. */
    public int batchDimensionCount() {
        return desc instanceof GatherNd1OperatorDesc nd1 ? Math.toIntExact(nd1.batchDimensionCount()) : 0;
    }

    /** q: the indices' last size. */
    public int tupleLength() {
        return Math.toIntExact(indicesTensor().sizes().get(rank() - 1));
    }

    /** The size of the input dimension that tuple coordinate {@code t} indexes. */
    public long tupleDimensionSize(int t) {
        return inputTensor().sizes().get(rank() - inputDimensionCount() + batchDimensionCount() + t);
    }

    /** Some batch size of the indices differs from the input's (GATHER_ND1 only; DirectML accepts it, §11.4). */
    public boolean batchSizesDiffer() {
        for (int j = 0; j < batchDimensionCount(); j++) {
            if (!indicesBatchSize(j).equals(inputBatchSize(j))) {
                return true;
            }
        }
        return false;
    }

    /** Some batch size of the indices exceeds the input's: the output reads batches past the input. */
    public boolean batchPastInput() {
        for (int j = 0; j < batchDimensionCount(); j++) {
            if (indicesBatchSize(j) > inputBatchSize(j)) {
                return true;
            }
        }
        return false;
    }

    private Long inputBatchSize(int j) {
        return inputTensor().sizes().get(rank() - inputDimensionCount() + j);
    }

    private Long indicesBatchSize(int j) {
        return indicesTensor().sizes().get(rank() - indicesDimensionCount() + j);
    }

    /**
     * Some tuple coordinate lies outside its dimension as its type reads it (UINT64 unsigned: 2^64 - 1 is out of
     * range). Every element of the indices is read by some output element.
     */
    public boolean hasOutOfRangeIndex() {
        return anyIndex(false);
    }

    /** Some tuple coordinate of a signed type counts from the end of its dimension: {@code [-size, -1]}. */
    public boolean hasNegativeInRangeIndex() {
        return anyIndex(true);
    }

    private boolean anyIndex(boolean negativeInRange) {
        TensorLayout idx = TensorLayout.of(desc.tensorFields().get(1).desc());
        long count = Shapes.product(idx.sizes());
        int q = tupleLength();
        for (long e = 0; e < count; e++) {
            long[] coordinate = Shapes.coordinate(e, idx.sizes());
            long value = LittleEndian.index(indexType(), indices.bytes(), idx.byteAt(indices, coordinate));
            long size = tupleDimensionSize((int) (e % q));
            boolean found = negativeInRange ? indexType().isSignedInteger() && value < 0 && value >= -size
                    : !AxisIndex.inRange(value, size, indexType());
            if (found) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "GatherNdCase[seed=" + seed + ", " + desc.operatorType().name() + " " + dataType() + "/" + indexType()
                + ", counts " + inputDimensionCount() + "/" + indicesDimensionCount() + ", batch "
                + batchDimensionCount() + ", input " + text(inputTensor(), input) + ", indices "
                + text(indicesTensor(), indices) + ", output " + text(outputTensor(), output) + "]";
    }

    private static String text(BufferTensorDesc tensor, TensorBytes bytes) {
        return tensor.sizes() + tensor.strides().map(s -> " strides " + s).orElse("") + " total "
                + tensor.totalTensorSizeInBytes() + " at " + bytes.offset() + " of " + bytes.bytes().length;
    }
}
