package dev.dmlemu.bench;

import dev.dmlemu.desc.ActivationReluOperatorDesc;
import dev.dmlemu.desc.ActivationSoftmax1OperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ConvolutionDirection;
import dev.dmlemu.desc.ConvolutionMode;
import dev.dmlemu.desc.ConvolutionOperatorDesc;
import dev.dmlemu.desc.ElementWiseAddOperatorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GemmOperatorDesc;
import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.MatrixTransform;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Validating one desc of operators other than the gathers (issue target: microseconds), each judged by the rules read
 * from data and its shape rules where it has them: a broadcast ADD, a 2-D convolution with a fused RELU, a GEMM with
 * its C tensor, a JOIN of three inputs, a SOFTMAX1 over two axes. {@link ValidatorBenchmark} has the gathers and the
 * peer ({@code DMLCalcBufferTensorSize} of a desc's tensors).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar OperatorSpreadValidatorBenchmark -f 1 -wi 3 -i 5}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class OperatorSpreadValidatorBenchmark {

    /** The operators measured; each names one desc below. */
    public enum Sample {
        ELEMENT_WISE_ADD, CONVOLUTION, GEMM, JOIN, ACTIVATION_SOFTMAX1
    }

    @Param
    Sample sample;

    private final FeatureLevelValidator validator = new FeatureLevelValidator();
    private OperatorDesc desc;

    @Setup
    public void pickDesc() {
        desc = switch (sample) {
            case ELEMENT_WISE_ADD -> new ElementWiseAddOperatorDesc(
                    BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(2L, 3L, 4L, 5L),
                            List.of(0L, 20L, 5L, 1L)),
                    BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3, 4, 5),
                    BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3, 4, 5));
            case CONVOLUTION -> ConvolutionOperatorDesc.builder()
                    .inputTensor(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3, 8, 8))
                    .filterTensor(BufferTensorDesc.packed(TensorDataType.FLOAT32, 4, 3, 3, 3))
                    .biasTensor(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 4, 1, 1))
                    .outputTensor(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 4, 6, 6))
                    .mode(ConvolutionMode.CROSS_CORRELATION).direction(ConvolutionDirection.FORWARD)
                    .dimensionCount(2).strides(List.of(1L, 1L)).dilations(List.of(1L, 1L))
                    .startPadding(List.of(0L, 0L)).endPadding(List.of(0L, 0L)).outputPadding(List.of(0L, 0L))
                    .groupCount(1)
                    .fusedActivation(Optional.of(new ActivationReluOperatorDesc(TensorDesc.NULL, TensorDesc.NULL)))
                    .build();
            case GEMM -> new GemmOperatorDesc(
                    BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 4, 8),
                    BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 8, 5),
                    BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 4, 5),
                    BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 4, 5),
                    MatrixTransform.NONE, MatrixTransform.NONE, 1f, 1f, Optional.empty());
            case JOIN -> new JoinOperatorDesc(3, List.of(
                    BufferTensorDesc.packed(TensorDataType.INT32, 2, 1, 4),
                    BufferTensorDesc.packed(TensorDataType.INT32, 2, 2, 4),
                    BufferTensorDesc.packed(TensorDataType.INT32, 2, 3, 4)),
                    BufferTensorDesc.packed(TensorDataType.INT32, 2, 6, 4), 1);
            case ACTIVATION_SOFTMAX1 -> new ActivationSoftmax1OperatorDesc(
                    BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3, 4, 5),
                    BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3, 4, 5), 2, List.of(2L, 3L));
        };
        // The fast path is measured on valid descs only.
        validator.validate(desc, FeatureLevel.LEVEL_6_4).requireValid();
    }

    @Benchmark
    public ValidationResult validateAt6_4() {
        return validator.validate(desc, FeatureLevel.LEVEL_6_4);
    }
}
