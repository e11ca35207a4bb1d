package dev.dmlemu.bench;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.MinimumFeatureLevel;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of validating one GatherElements desc (target: at most 1 microsecond). The peer, measured in the same
 * run, is the least any validator must do: {@code DMLCalcBufferTensorSize} of the three tensors.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ValidatorBenchmark -f 1 -wi 3 -i 5}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ValidatorBenchmark {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    /** The DirectML docs example in 4-D: valid from 2_1. */
    private final GatherElementsOperatorDesc docs4d = new GatherElementsOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
            BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2);

    /** 8-D with strides on every tensor (broadcast input, padded indices, transposed output): valid at 6_4. */
    private final GatherElementsOperatorDesc strided8d = new GatherElementsOperatorDesc(
            BufferTensorDesc.strided(TensorDataType.FLOAT64, List.of(2L, 3L, 1L, 2L, 2L, 3L, 1L, 4L),
                    List.of(0L, 48L, 48L, 24L, 12L, 4L, 4L, 1L)),
            BufferTensorDesc.strided(TensorDataType.INT64, List.of(2L, 3L, 1L, 2L, 2L, 3L, 1L, 5L),
                    List.of(400L, 120L, 120L, 60L, 30L, 10L, 10L, 1L)),
            BufferTensorDesc.strided(TensorDataType.FLOAT64, List.of(2L, 3L, 1L, 2L, 2L, 3L, 1L, 5L),
                    List.of(1L, 2L, 6L, 6L, 12L, 24L, 72L, 72L)),
            7);

    /** Five errors at once (messages are built): the slow path. */
    private final GatherElementsOperatorDesc invalid = new GatherElementsOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3).withTotalTensorSizeInBytes(8),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 2, 2, 3),
            BufferTensorDesc.packed(TensorDataType.INT32, 1, 2, 2, 2), 9);

    /** The fast-path benchmarks must measure valid descs, and the slow path an invalid one. */
    @Setup
    public void checkDescs() {
        validator.validate(docs4d, FeatureLevel.LEVEL_2_1).requireValid();
        validator.validate(strided8d, FeatureLevel.LEVEL_6_4).requireValid();
        if (validator.validate(invalid, FeatureLevel.LEVEL_2_1).errors().size() != 5) {
            throw new IllegalStateException("the invalid desc should have five errors");
        }
    }

    @Benchmark
    public ValidationResult validateDocs4dAt2_1() {
        return validator.validate(docs4d, FeatureLevel.LEVEL_2_1);
    }

    @Benchmark
    public ValidationResult validateStrided8dAt6_4() {
        return validator.validate(strided8d, FeatureLevel.LEVEL_6_4);
    }

    @Benchmark
    public ValidationResult validateInvalidWithFiveErrors() {
        return validator.validate(invalid, FeatureLevel.LEVEL_2_1);
    }

    @Benchmark
    public MinimumFeatureLevel minimumFeatureLevelStrided8d() {
        return validator.minimumFeatureLevel(strided8d);
    }

    /** Peer: DMLCalcBufferTensorSize of the three tensors of the 8-D desc. */
    @Benchmark
    public long peerCalcBufferTensorSizeStrided8d() {
        return BufferTensorMath.calcBufferTensorSize((BufferTensorDesc) strided8d.inputTensor())
                + BufferTensorMath.calcBufferTensorSize((BufferTensorDesc) strided8d.indicesTensor())
                + BufferTensorMath.calcBufferTensorSize((BufferTensorDesc) strided8d.outputTensor());
    }
}
