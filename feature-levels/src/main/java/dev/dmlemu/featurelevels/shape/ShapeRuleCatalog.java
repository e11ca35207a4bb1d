package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The operators with shape rules of their own: the one place a {@link ShapeRules} registers. The validator's rules
 * read from data ({@code DocumentedRules}) look their operator up here.
 */
public final class ShapeRuleCatalog {

    private static final Map<OperatorType, ShapeRules<?>> RULES = byType(registered());

    private ShapeRuleCatalog() {}

    private static List<ShapeRules<?>> registered() {
        List<ShapeRules<?>> all = new ArrayList<>();
        // Pooling, convolution and matrix multiplication.
        all.add(new GemmShapeRules());
        all.add(new ConvolutionShapeRules());
        all.addAll(PoolingShapeRules.all());
        all.add(new MatrixMultiplyIntegerShapeRules());
        all.add(new ConvolutionIntegerShapeRules());
        all.addAll(PoolingGradShapeRules.all());
        all.add(new MaxUnpoolingShapeRules());
        all.add(new QuantizedLinearConvolutionShapeRules());
        all.add(new QuantizedLinearAveragePoolingShapeRules());
        all.addAll(QuantizedMatrixMultiplyShapeRules.all());
        all.add(new RoiPoolingShapeRules());
        all.addAll(RoiAlignShapeRules.all());
        all.add(new RoiAlignGradShapeRules());

        // Data movement and selection.
        all.add(SliceRules.slice());
        all.add(SliceRules.slice1());
        all.add(SliceRules.sliceGrad());
        all.add(ConcatenationRules.join());
        all.add(ConcatenationRules.split());
        all.add(PaddingRules.padding());
        all.add(PaddingRules.padding1());
        all.add(new TileRules());
        all.add(FillValueRules.constant());
        all.add(FillValueRules.sequence());
        all.addAll(DepthSpaceRules.all());
        all.add(TopKRules.topK());
        all.add(TopKRules.topK1());
        all.add(new OneHotRules());
        all.add(ArgReduceRules.argmin());
        all.add(ArgReduceRules.argmax());
        all.addAll(DiagonalMatrixRules.all());

        // Resampling and reduction.
        all.add(new ReduceShapeRules());
        all.addAll(ResampleShapeRules.all());
        all.add(new Upsample2dShapeRules());
        all.add(new ValueScale2dShapeRules());
        all.addAll(CumulativeShapeRules.all());
        all.add(new NonzeroCoordinatesShapeRules());
        all.add(new ReverseSubsequencesRules());
        all.add(FoldShapeRules.fold());
        all.add(FoldShapeRules.unfold());

        // Activations, normalization, recurrent networks, attention, training and quantization.
        all.addAll(EffectiveRankAtMostTwo.all());
        all.addAll(AxesWithinRank.all());
        all.addAll(NormalizationOverAxes.all());
        all.add(new LpNormalizationRules());
        all.addAll(LocalResponseNormalizationRules.all());
        all.add(new ClipGrad1Rules());
        all.add(new RandomGeneratorRules());
        all.add(new AdamOptimizerRules());
        all.addAll(BatchNormalizationStatistics.all());
        all.addAll(BlockQuantizationRules.all());
        all.addAll(OneValueQuantizationRules.all());
        all.addAll(RecurrentNetworkRules.all());
        all.addAll(AttentionShapeRules.all());

        // Operators their tables describe fully.
        all.addAll(TablesSuffice.all());
        all.addAll(IdentityScaleBiasOn64Bit.all());

        return all;
    }

    private static Map<OperatorType, ShapeRules<?>> byType(List<ShapeRules<?>> rules) {
        Map<OperatorType, ShapeRules<?>> byType = new LinkedHashMap<>();
        for (ShapeRules<?> rule : rules) {
            OperatorType type = rule.operatorType();
            if (OperatorDescs.schema(type).orElseThrow().descType() != rule.descType()) {
                throw new IllegalStateException(rule.getClass().getSimpleName() + " names " + type + " but judges "
                        + rule.descType().getSimpleName());
            }
            if (byType.put(type, rule) != null) {
                throw new IllegalStateException("two shape rules for " + type);
            }
        }
        return Map.copyOf(byType);
    }

    /** The shape rules of {@code type}, when it has some. */
    @SuppressWarnings("unchecked")
    public static Optional<ShapeRules<OperatorDesc>> of(OperatorType type) {
        return Optional.ofNullable((ShapeRules<OperatorDesc>) RULES.get(type));
    }

    /** The operators with shape rules. */
    public static List<OperatorType> operators() {
        return List.copyOf(RULES.keySet());
    }
}
