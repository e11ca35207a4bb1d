package dev.dmlemu.conformance.realdml;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The scales and zero points of the quantized operators' probes (§14.2): a scale of one value, or one per unit at a
 * position; a zero point with its scale's Sizes; and breaking that pairing.
 */
final class ScaleProbes {

    private ScaleProbes() {}

    /**
     * Gives the scale {@code field} all 1s at its drawn DimensionCount and, half the time when that rank reaches
     * position {@code at} (counted from the front, or from the back when {@code fromEnd}), {@code count} there.
     */
    static void oneValueOrPerUnit(Map<String, Object> values, Random random, String field, int at, boolean fromEnd,
            long count) {
        List<Long> sizes = ShapedValues.sizes(values, field);
        sizes.replaceAll(size -> 1L);
        int position = fromEnd ? sizes.size() - 1 - at : at;
        if (position >= 0 && position < sizes.size() && random.nextBoolean()) {
            sizes.set(position, count);
        }
        ShapedValues.resize(values, field, sizes);
    }

    /** Gives each present zero point of {@code pairs} (zero point, scale) its scale's Sizes. */
    static void zeroPointsFollowScales(Map<String, Object> values, List<Map.Entry<String, String>> pairs) {
        for (Map.Entry<String, String> pair : pairs) {
            if (ShapedValues.tensor(values, pair.getKey()) != null) {
                ShapedValues.resize(values, pair.getKey(), ShapedValues.sizes(values, pair.getValue()));
            }
        }
    }

    /** Gives one present zero point of {@code pairs} a leading 1 more than its scale, or says none is present. */
    static Optional<String> breakZeroPoint(Map<String, Object> values, Random random,
            List<Map.Entry<String, String>> pairs) {
        List<Map.Entry<String, String>> present = pairs.stream()
                .filter(pair -> ShapedValues.tensor(values, pair.getKey()) != null).toList();
        if (present.isEmpty()) {
            return Optional.empty();
        }
        Map.Entry<String, String> pair = present.get(random.nextInt(present.size()));
        List<Long> sizes = ShapedValues.sizes(values, pair.getValue());
        if (sizes.size() < 4) {
            sizes.add(0, 1L);
        } else {
            sizes.set(0, 2L);
        }
        ShapedValues.resize(values, pair.getKey(), sizes);
        return Optional.of(pair.getKey() + ".Sizes " + sizes + " against " + pair.getValue() + "'s");
    }
}
