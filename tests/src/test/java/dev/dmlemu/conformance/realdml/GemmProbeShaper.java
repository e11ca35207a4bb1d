package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.MatrixTransform;
import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/** GEMM: {@code Output[batch, M, N] = A[batch, M, K] x B[batch, K, N]}, transposes drawn (§14.2). */
final class GemmProbeShaper extends OperatorShaper {

    GemmProbeShaper() {
        super(OperatorType.GEMM);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        boolean transA = random.nextBoolean();
        boolean transB = random.nextBoolean();
        values.put("TransA", transA ? MatrixTransform.TRANSPOSE : MatrixTransform.NONE);
        values.put("TransB", transB ? MatrixTransform.TRANSPOSE : MatrixTransform.NONE);
        MatrixProbes.shape(values, random, "ATensor", transA, "BTensor", transB, "OutputTensor");
        ShapedValues.resize(values, "CTensor", ShapedValues.sizes(values, "OutputTensor"));
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        Optional<String> broken = MatrixProbes.breakOne(values, random, "ATensor", "BTensor", "OutputTensor");
        // CTensor has the output's Sizes (a constraint line): it follows a changed output.
        ShapedValues.resize(values, "CTensor", ShapedValues.sizes(values, "OutputTensor"));
        return broken;
    }

    /** The product's shapes, shared with the integer matrix multiplications. */
    static final class MatrixProbes {

        private MatrixProbes() {}

        static void shape(Map<String, Object> values, Random random, String a, boolean transA, String b,
                boolean transB, String output) {
            int rank = ShapedValues.sizes(values, output).size();
            List<Long> batch = new ArrayList<>();
            for (int i = 0; i < rank - 2; i++) {
                batch.add(ShapedValues.size(random, 3));
            }
            long m = ShapedValues.size(random, 4);
            long k = ShapedValues.size(random, 4);
            long n = ShapedValues.size(random, 4);
            ShapedValues.resize(values, a, matrix(batch, transA ? k : m, transA ? m : k));
            ShapedValues.resize(values, b, matrix(batch, transB ? n : k, transB ? k : n));
            ShapedValues.resize(values, output, matrix(batch, m, n));
        }

        static Optional<String> breakOne(Map<String, Object> values, Random random, String a, String b,
                String output) {
            int rank = ShapedValues.sizes(values, output).size();
            int choice = random.nextInt(rank > 2 ? 3 : 2);
            String field = switch (choice) {
                case 0 -> b; // B's rows: K differs from A's
                case 1 -> output;
                default -> random.nextBoolean() ? a : b;
            };
            List<Long> sizes = ShapedValues.sizes(values, field);
            int dim = switch (choice) {
                case 0 -> sizes.size() - 2 + random.nextInt(2);
                case 1 -> random.nextInt(sizes.size());
                default -> random.nextInt(sizes.size() - 2);
            };
            sizes.set(dim, ShapedValues.other(random, sizes.get(dim)));
            ShapedValues.resize(values, field, sizes);
            return Optional.of(field + ".Sizes[" + dim + "] " + sizes.get(dim) + " off the product's shape");
        }

        private static List<Long> matrix(List<Long> batch, long rows, long columns) {
            List<Long> sizes = new ArrayList<>(batch);
            sizes.add(rows);
            sizes.add(columns);
            return sizes;
        }
    }
}
