package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * MATRIX_MULTIPLY_INTEGER (§14.2): {@code Output[batch, M, N] = A[batch, M, K] x B[batch, K, N]}, each tensor keeping
 * its drawn DimensionCount and read as 4-D with leading 1s, so the batch sizes are equal after those 1s; zero points of
 * one value, one per row of A or one per column of B.
 */
final class MatrixMultiplyIntegerProbeShaper extends OperatorShaper {

    MatrixMultiplyIntegerProbeShaper() {
        super(OperatorType.MATRIX_MULTIPLY_INTEGER);
    }

    private static final List<String> MATRICES = List.of("ATensor", "BTensor", "OutputTensor");

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        int minRank = MATRICES.stream().mapToInt(field -> ShapedValues.sizes(values, field).size()).min().orElseThrow();
        // The batch as 4-D: an entry some tensor leaves out is a 1 there, so it is 1 in all.
        List<Long> batch = new ArrayList<>();
        for (int j = 0; j < 2; j++) {
            batch.add(j >= 4 - minRank ? ShapedValues.size(random, 3) : 1L);
        }
        long m = ShapedValues.size(random, 4);
        long k = ShapedValues.size(random, 4);
        long n = ShapedValues.size(random, 4);
        ShapedValues.resize(values, "ATensor", matrix(values, "ATensor", batch, m, k));
        ShapedValues.resize(values, "BTensor", matrix(values, "BTensor", batch, k, n));
        ShapedValues.resize(values, "OutputTensor", matrix(values, "OutputTensor", batch, m, n));
        zeroPoint(values, random, "AZeroPointTensor", m, true);
        zeroPoint(values, random, "BZeroPointTensor", n, false);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        int choice = random.nextInt(4);
        if (choice == 3) {
            String zeroPoint = random.nextBoolean() ? "AZeroPointTensor" : "BZeroPointTensor";
            if (ShapedValues.tensor(values, zeroPoint) != null) {
                // The tensor's own sizes: neither one value nor one per row or column (K is above 1 or made so).
                List<Long> a = ShapedValues.sizes(values, "ATensor");
                long k = a.get(a.size() - 1);
                if (k == 1) {
                    return Optional.empty();
                }
                String matrix = zeroPoint.startsWith("A") ? "ATensor" : "BTensor";
                List<Long> sizes = ShapedValues.sizes(values, matrix);
                ShapedValues.resize(values, zeroPoint, sizes);
                return Optional.of(zeroPoint + ".Sizes " + sizes + ", " + matrix + "'s");
            }
            choice = 0;
        }
        String field = choice == 0 ? "BTensor" : choice == 1 ? "OutputTensor" : MATRICES.get(random.nextInt(3));
        List<Long> sizes = ShapedValues.sizes(values, field);
        int dimension = switch (choice) {
            case 0 -> sizes.size() - 2; // K of B
            case 1 -> sizes.size() - 1 - random.nextInt(2); // M or N of the output
            default -> sizes.size() > 2 ? random.nextInt(sizes.size() - 2) : sizes.size() - 2;
        };
        sizes.set(dimension, ShapedValues.other(random, sizes.get(dimension)));
        ShapedValues.resize(values, field, sizes);
        return Optional.of(field + ".Sizes[" + dimension + "] " + sizes.get(dimension) + " off the product's shape");
    }

    private static List<Long> matrix(Map<String, Object> values, String field, List<Long> batch, long rows,
            long columns) {
        int rank = ShapedValues.sizes(values, field).size();
        List<Long> sizes = new ArrayList<>(batch.subList(4 - rank, 2));
        sizes.add(rows);
        sizes.add(columns);
        return sizes;
    }

    /** One value, or (when its rank allows) one per row ({@code [.., count, 1]}) or column ({@code [.., count]}). */
    private static void zeroPoint(Map<String, Object> values, Random random, String field, long count,
            boolean perRow) {
        if (ShapedValues.tensor(values, field) == null) {
            return;
        }
        List<Long> sizes = ShapedValues.sizes(values, field);
        sizes.replaceAll(size -> 1L);
        int at = perRow ? sizes.size() - 2 : sizes.size() - 1;
        if (at >= 0 && random.nextBoolean()) {
            sizes.set(at, count);
        }
        ShapedValues.resize(values, field, sizes);
    }
}
