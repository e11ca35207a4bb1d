package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * QUANTIZED_LINEAR_MATRIX_MULTIPLY and MATRIX_MULTIPLY_INTEGER_TO_FLOAT (§14.2): the product's shapes as
 * {@link MatrixMultiplyIntegerProbeShaper} draws them (each tensor keeping its drawn DimensionCount); A's scale of one
 * value or one per row, B's one value or one per column, the output's one value or one per row; each zero point with
 * its scale's Sizes; the bias with the output's Sizes. Broken: a product rule, a zero point against its scale, or a
 * scale per column of A.
 */
final class QuantizedMatrixMultiplyProbeShaper extends OperatorShaper {

    private static final List<Map.Entry<String, String>> ZERO_POINTS = List.of(
            Map.entry("AZeroPointTensor", "AScaleTensor"),
            Map.entry("BZeroPointTensor", "BScaleTensor"),
            Map.entry("OutputZeroPointTensor", "OutputScaleTensor"));

    private final MatrixMultiplyIntegerProbeShaper product = new MatrixMultiplyIntegerProbeShaper();

    private QuantizedMatrixMultiplyProbeShaper(OperatorType type) {
        super(type);
    }

    /** One per operator. */
    static List<ProbeShaper> all() {
        return List.of(new QuantizedMatrixMultiplyProbeShaper(OperatorType.QUANTIZED_LINEAR_MATRIX_MULTIPLY),
                new QuantizedMatrixMultiplyProbeShaper(OperatorType.MATRIX_MULTIPLY_INTEGER_TO_FLOAT));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        product.makeValid(values, random);
        List<Long> a = ShapedValues.sizes(values, "ATensor");
        List<Long> b = ShapedValues.sizes(values, "BTensor");
        long rows = a.get(a.size() - 2);
        ScaleProbes.oneValueOrPerUnit(values, random, "AScaleTensor", 1, true, rows);
        ScaleProbes.oneValueOrPerUnit(values, random, "BScaleTensor", 0, true, b.get(b.size() - 1));
        if (ShapedValues.tensor(values, "OutputScaleTensor") != null) {
            ScaleProbes.oneValueOrPerUnit(values, random, "OutputScaleTensor", 1, true, rows);
        }
        ScaleProbes.zeroPointsFollowScales(values, ZERO_POINTS);
        biasFollowsOutput(values);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        switch (random.nextInt(4)) {
            case 0 -> {
                Optional<String> broken = ScaleProbes.breakZeroPoint(values, random, ZERO_POINTS);
                if (broken.isPresent()) {
                    return broken;
                }
            }
            case 1 -> {
                // One per column of A (K values at the last position): neither one value nor one per row.
                List<Long> a = ShapedValues.sizes(values, "ATensor");
                long k = a.get(a.size() - 1);
                if (k > 1) {
                    List<Long> scale = List.of(1L, k);
                    ShapedValues.resize(values, "AScaleTensor", scale);
                    ScaleProbes.zeroPointsFollowScales(values, ZERO_POINTS);
                    return Optional.of("AScaleTensor.Sizes " + scale + ", one per column of A");
                }
            }
            default -> { }
        }
        Optional<String> broken = product.breakOne(values, random);
        biasFollowsOutput(values);
        return broken;
    }

    /** MATRIX_MULTIPLY_INTEGER_TO_FLOAT's bias has the output's Sizes (a constraint line): it follows the output. */
    private static void biasFollowsOutput(Map<String, Object> values) {
        ShapedValues.resize(values, "BiasTensor", ShapedValues.sizes(values, "OutputTensor"));
    }
}
