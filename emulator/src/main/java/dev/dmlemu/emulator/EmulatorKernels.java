package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorRegistry;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.elementwise.ActivationKernels;
import dev.dmlemu.emulator.elementwise.ArithmeticKernels;
import dev.dmlemu.emulator.elementwise.ElementWiseKernels;
import dev.dmlemu.emulator.elementwise.BlockQuantizationKernel;
import dev.dmlemu.emulator.elementwise.DynamicQuantizeLinearKernel;
import dev.dmlemu.emulator.elementwise.ValueScale2dKernel;
import dev.dmlemu.emulator.matrix.IntegerConvolutionKernel;
import dev.dmlemu.emulator.matrix.IntegerMatrixKernel;
import dev.dmlemu.emulator.matrix.IntegerToFloatMatrixKernel;
import dev.dmlemu.emulator.matrix.QuantizedMatrixKernel;
import dev.dmlemu.emulator.movement.DepthSpaceKernel;
import dev.dmlemu.emulator.movement.DiagonalMatrixKernel;
import dev.dmlemu.emulator.movement.FillValueConstantKernel;
import dev.dmlemu.emulator.movement.FoldKernel;
import dev.dmlemu.emulator.movement.FillValueSequenceKernel;
import dev.dmlemu.emulator.movement.HardmaxKernel;
import dev.dmlemu.emulator.movement.JoinKernel;
import dev.dmlemu.emulator.movement.MaxUnpoolingKernel;
import dev.dmlemu.emulator.movement.NonzeroCoordinatesKernel;
import dev.dmlemu.emulator.movement.OneHotKernel;
import dev.dmlemu.emulator.movement.AveragePoolingKernel;
import dev.dmlemu.emulator.movement.MaxPoolingKernel;
import dev.dmlemu.emulator.movement.ResampleKernel;
import dev.dmlemu.emulator.movement.PaddingKernel;
import dev.dmlemu.emulator.movement.ReduceSelectionKernel;
import dev.dmlemu.emulator.movement.ReverseSubsequencesKernel;
import dev.dmlemu.emulator.movement.ScanKernel;
import dev.dmlemu.emulator.movement.SliceGradKernel;
import dev.dmlemu.emulator.movement.SliceKernel;
import dev.dmlemu.emulator.movement.TileKernel;
import dev.dmlemu.emulator.movement.TopKKernel;
import dev.dmlemu.emulator.movement.UnfoldKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The operators the emulator runs, by type: the one place an operator registers its kernel. */
final class EmulatorKernels {

    private static final Map<OperatorType, OperatorKernel> KERNELS = OperatorRegistry.byType(
            OperatorKernel::operatorType, registered());

    private EmulatorKernels() {}

    private static List<OperatorKernel> registered() {
        List<OperatorKernel> all = new ArrayList<>();
        // Indexing: gathers and scatters.
        all.add(new GatherElementsKernel());
        all.add(new DmlGatherKernel());
        all.add(GatherNdKernel.gatherNd());
        all.add(GatherNdKernel.gatherNd1());
        all.add(new ScatterElementsKernel());
        all.add(new ScatterNdKernel());

        // Element-wise operators and CAST (package elementwise).
        all.add(ElementWiseKernels.identity());
        all.add(ElementWiseKernels.abs());
        all.add(ElementWiseKernels.negate());
        all.add(ElementWiseKernels.add());
        all.add(ElementWiseKernels.add1());
        all.add(ElementWiseKernels.subtract());
        all.add(ElementWiseKernels.multiply());
        all.add(ElementWiseKernels.min());
        all.add(ElementWiseKernels.max());
        all.add(ElementWiseKernels.clip());
        all.add(ElementWiseKernels.clip1());
        all.add(ElementWiseKernels.ceil());
        all.add(ElementWiseKernels.floor());
        all.add(ElementWiseKernels.logicalEquals());
        all.add(ElementWiseKernels.logicalGreaterThan());
        all.add(ElementWiseKernels.logicalGreaterThanOrEqual());
        all.add(ElementWiseKernels.logicalLessThan());
        all.add(ElementWiseKernels.logicalLessThanOrEqual());
        all.add(ElementWiseKernels.logicalAnd());
        all.add(ElementWiseKernels.logicalOr());
        all.add(ElementWiseKernels.logicalXor());
        all.add(ElementWiseKernels.logicalNot());
        all.add(ElementWiseKernels.isNan());
        all.add(ElementWiseKernels.isInfinity());
        all.add(ElementWiseKernels.bitAnd());
        all.add(ElementWiseKernels.bitOr());
        all.add(ElementWiseKernels.bitXor());
        all.add(ElementWiseKernels.bitNot());
        all.add(ElementWiseKernels.bitCount());
        all.add(ElementWiseKernels.bitShiftLeft());
        all.add(ElementWiseKernels.bitShiftRight());
        all.add(ElementWiseKernels.sign());
        all.add(ElementWiseKernels.ifThenElse());
        // Element-wise arithmetic: DIVIDE, ROUND, MODULUS, THRESHOLD, MEAN, DIFFERENCE_SQUARE, CLIP_GRAD, quantization.
        all.add(ArithmeticKernels.divide());
        all.add(ArithmeticKernels.mean());
        all.add(ArithmeticKernels.differenceSquare());
        all.add(ArithmeticKernels.modulusTruncate());
        all.add(ArithmeticKernels.modulusFloor());
        all.add(ArithmeticKernels.round());
        all.add(ArithmeticKernels.threshold());
        all.add(ArithmeticKernels.clipGrad());
        all.add(ArithmeticKernels.clipGrad1());
        all.add(ArithmeticKernels.quantizeLinear());
        all.add(ArithmeticKernels.dequantizeLinear());
        all.add(BlockQuantizationKernel.quantize());
        all.add(BlockQuantizationKernel.dequantize());
        all.add(new DynamicQuantizeLinearKernel());

        // The stand-alone activations whose result is exact (package elementwise).
        all.addAll(ActivationKernels.all());
        all.add(new ValueScale2dKernel());
        // Integer matrix product and convolution, quantized matrix product (package matrix).
        all.add(new IntegerMatrixKernel());
        all.add(new IntegerConvolutionKernel());
        all.add(new QuantizedMatrixKernel());
        all.add(new IntegerToFloatMatrixKernel());

        // CAST.
        all.add(ElementWiseKernels.cast());

        // Data movement and selection (package movement).
        all.add(SliceKernel.slice());
        all.add(SliceKernel.slice1());
        all.add(JoinKernel.join());
        all.add(JoinKernel.split());
        all.add(new FillValueConstantKernel());
        all.add(new FillValueSequenceKernel());
        all.add(ScanKernel.summation());
        all.add(ScanKernel.product());
        all.add(PaddingKernel.padding());
        all.add(PaddingKernel.padding1());
        all.add(new TileKernel());
        all.addAll(DepthSpaceKernel.all());
        all.add(new SliceGradKernel());
        // Selection: TOP_K, ARGMIN and ARGMAX, REDUCE with MAX, MIN, ARGMAX and ARGMIN, HARDMAX(1).
        all.add(TopKKernel.topK());
        all.add(TopKKernel.topK1());
        all.add(ReduceSelectionKernel.argMin());
        all.add(ReduceSelectionKernel.argMax());
        all.add(ReduceSelectionKernel.reduce());
        all.add(HardmaxKernel.hardmax());
        all.add(HardmaxKernel.hardmax1());

        // ONE_HOT, DIAGONAL_MATRIX, NONZERO_COORDINATES, REVERSE_SUBSEQUENCES, MAX_UNPOOLING.
        all.add(new OneHotKernel());
        all.add(DiagonalMatrixKernel.diagonalMatrix());
        all.add(DiagonalMatrixKernel.diagonalMatrix1());
        all.add(new NonzeroCoordinatesKernel());
        all.add(new ReverseSubsequencesKernel());
        all.add(new MaxUnpoolingKernel());

        // Max pooling, nearest-neighbour UPSAMPLE_2D and RESAMPLE, FOLD and UNFOLD.
        all.add(MaxPoolingKernel.maxPooling());
        all.add(MaxPoolingKernel.maxPooling1());
        all.add(MaxPoolingKernel.maxPooling2());
        all.add(AveragePoolingKernel.averagePooling());
        all.add(AveragePoolingKernel.averagePooling1());
        all.addAll(ResampleKernel.all());
        all.add(new UnfoldKernel());
        all.add(new FoldKernel());

        return all;
    }

    /** Every operator the emulator implements, in registration order. */
    static List<OperatorType> operators() {
        return List.copyOf(KERNELS.keySet());
    }

    /** The kernel of an operator type, when the emulator implements it. */
    static Optional<OperatorKernel> of(OperatorType type) {
        return Optional.ofNullable(KERNELS.get(type));
    }
}
