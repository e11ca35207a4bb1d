package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * The shape rule of a batched matrix product {@code Output[batch, M, N] = A[batch, M, K] x B[batch, K, N]}, shared by
 * GEMM and the integer and quantized matrix multiplications (docs/directml-behaviour.md §14.2). The last two sizes of
 * each tensor are the matrix; the sizes before them are the batch, read as if each tensor were 4-D with leading 1s
 * (the integer multiplications accept tensors of different DimensionCounts, measured): equal, never broadcast.
 */
final class MatrixProduct {

    private MatrixProduct() {}

    /** A matrix operand's rows and columns as the product reads them (after its optional transpose). */
    record Operand(long rows, long columns) {
        static Operand of(BufferTensorDesc tensor, boolean transposed) {
            List<Long> sizes = tensor.sizes();
            long last = sizes.get(sizes.size() - 1);
            long beforeLast = sizes.get(sizes.size() - 2);
            return transposed ? new Operand(last, beforeLast) : new Operand(beforeLast, last);
        }
    }

    /**
     * Reports where A (field {@code aField}), B and the output do not make a product of equal batch sizes: A's
     * columns must be B's rows, the output's matrix {@code [A.rows, B.columns]}, and every batch size the output's.
     */
    static void check(ShapeCheck check, String aField, boolean transA, String bField, boolean transB,
            String outputField) {
        BufferTensorDesc a = check.required(aField);
        BufferTensorDesc b = check.required(bField);
        BufferTensorDesc output = check.required(outputField);
        Operand left = Operand.of(a, transA);
        Operand right = Operand.of(b, transB);
        if (left.columns() != right.rows()) {
            check.report(RuleId.MATRIX_INNER_SIZES_MISMATCH, bField + ".Sizes", "K is " + left.columns() + " in "
                    + aField + " " + a.sizes() + (transA ? " (transposed)" : "") + " but " + right.rows() + " in "
                    + bField + " " + b.sizes() + (transB ? " (transposed)" : ""));
            return;
        }
        List<Long> expected = new ArrayList<>(output.sizes().subList(0, output.sizes().size() - 2));
        expected.add(left.rows());
        expected.add(right.columns());
        if (!expected.equals(output.sizes())) {
            check.report(RuleId.OUTPUT_SIZES_MISMATCH, outputField + ".Sizes", output.sizes() + " but [batch, M, N] = "
                    + expected);
        }
        checkBatch(check, aField, a, output);
        checkBatch(check, bField, b, output);
    }

    /**
     * Reports a per-row ({@code perRow}: A's, {@code [1, 1, 1 or M, 1]}) or per-column (B's, {@code [1, 1, 1, 1 or
     * N]}) quantization tensor {@code field}, when present, of other sizes; {@code count} is M or N.
     */
    static void checkPerRowOrColumn(ShapeCheck check, String field, boolean perRow, long count) {
        check.tensor(field).ifPresent(tensor -> {
            List<Long> sizes = asFourD(tensor.sizes());
            List<Long> one = List.of(1L, 1L, 1L, 1L);
            List<Long> each = perRow ? List.of(1L, 1L, count, 1L) : List.of(1L, 1L, 1L, count);
            if (!sizes.equals(one) && !sizes.equals(each)) {
                check.report(RuleId.QUANTIZATION_SIZES_MISMATCH, field + ".Sizes", tensor.sizes() + " but must be "
                        + one + " or " + each + " (with any leading 1s left out)");
            }
        });
    }

    private static List<Long> asFourD(List<Long> sizes) {
        List<Long> padded = new ArrayList<>(List.of(1L, 1L, 1L, 1L));
        for (int i = 0; i < sizes.size(); i++) {
            padded.set(padded.size() - sizes.size() + i, sizes.get(i));
        }
        return padded;
    }

    private static void checkBatch(ShapeCheck check, String field, BufferTensorDesc input, BufferTensorDesc output) {
        if (!batch(input).equals(batch(output))) {
            check.report(RuleId.BATCH_SIZES_MISMATCH, field + ".Sizes", "batch sizes " + batch(input)
                    + " but the output's are " + batch(output));
        }
    }

    /** The two batch sizes of the tensor read as 4-D: its sizes before the matrix, after leading 1s. */
    private static List<Long> batch(BufferTensorDesc tensor) {
        return asFourD(tensor.sizes()).subList(0, 2);
    }
}
