package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.shape.TablesSuffice;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The operators whose probes follow shape rules: the one place a {@link ProbeShaper} registers. */
final class ProbeShapers {

    private static final Map<OperatorType, ProbeShaper> SHAPERS = registered().stream()
            .collect(Collectors.toUnmodifiableMap(ProbeShaper::operatorType, Function.identity()));

    private ProbeShapers() {}

    private static List<ProbeShaper> registered() {
        List<ProbeShaper> all = new ArrayList<>();
        // Pooling, convolution and matrix multiplication.
        all.add(new GemmProbeShaper());
        all.add(new ConvolutionProbeShaper(OperatorType.CONVOLUTION, true));
        all.addAll(PoolingProbeShaper.all());
        all.add(new MatrixMultiplyIntegerProbeShaper());
        all.add(new ConvolutionProbeShaper(OperatorType.CONVOLUTION_INTEGER, false));
        all.addAll(PoolingGradProbeShaper.all());
        all.add(new MaxUnpoolingProbeShaper());
        all.add(new QuantizedConvolutionProbeShaper());
        all.add(new QuantizedAveragePoolingProbeShaper());
        all.addAll(QuantizedMatrixMultiplyProbeShaper.all());
        all.addAll(RegionOfInterestShaper.all());

        // Data movement and selection.
        all.add(SliceShaper.slice());
        all.add(SliceShaper.slice1());
        all.add(SliceShaper.sliceGrad());
        all.add(ConcatenationShaper.join());
        all.add(ConcatenationShaper.split());
        all.add(PaddingShaper.padding());
        all.add(PaddingShaper.padding1());
        all.add(new TileShaper());
        all.add(FillValueShaper.constant());
        all.add(FillValueShaper.sequence());
        all.addAll(DepthSpaceShaper.all());
        all.add(TopKShaper.topK());
        all.add(TopKShaper.topK1());
        all.add(new OneHotShaper());
        all.add(ArgReduceShaper.argmin());
        all.add(ArgReduceShaper.argmax());
        all.addAll(DiagonalMatrixShaper.all());

        // Resampling and reduction.
        all.add(new ReduceProbeShaper());
        all.addAll(ResampleProbeShaper.all());
        all.add(new Upsample2dProbeShaper());
        all.add(new ValueScale2dProbeShaper());
        all.addAll(CumulativeProbeShaper.all());
        all.add(new NonzeroCoordinatesProbeShaper());
        all.add(new ReverseSubsequencesShaper());
        all.addAll(FoldProbeShaper.all());

        // Activations, normalization, recurrent networks, attention, training and quantization.
        all.addAll(EffectiveRankShaper.all());
        all.addAll(AxesShaper.all());
        all.addAll(NormalizationOverAxesShaper.all());
        all.add(new LpNormalizationShaper());
        all.addAll(LocalResponseNormalizationShaper.all());
        all.add(new ClipGrad1Shaper());
        all.add(new RandomGeneratorShaper());
        all.add(new AdamOptimizerShaper());
        all.addAll(BatchNormalizationShaper.all());
        all.addAll(BroadcastToInputShaper.all());
        all.addAll(BlockQuantizationShaper.all());
        all.addAll(QuantizeLinearShaper.all());
        all.addAll(RecurrentNetworkShaper.all());
        all.addAll(AttentionShaper.all());

        // Operators their tables describe fully: random fields, edge values included (those without a shaper above:
        // the quantizing element-wise operators have no fields to draw but their broadcast scales).
        Set<OperatorType> shaped = all.stream().map(ProbeShaper::operatorType).collect(Collectors.toSet());
        all.addAll(FreeFieldsShaper.of(TablesSuffice.OPERATORS.stream().filter(type -> !shaped.contains(type))
                .toList()));
        all.addAll(ScaleBiasOn64BitShaper.all());

        return all;
    }

    static Optional<ProbeShaper> of(OperatorType type) {
        return Optional.ofNullable(SHAPERS.get(type));
    }
}
