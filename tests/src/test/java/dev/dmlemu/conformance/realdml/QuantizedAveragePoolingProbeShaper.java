package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * QUANTIZED_LINEAR_AVERAGE_POOLING (§14.2): the pooling's shapes as {@link PoolingProbeShaper} draws them, the
 * output (and its zero point) of the input's DataType, each zero point with its scale's Sizes (the scales keep their
 * drawn Sizes: DirectML does not check them). Broken: a pooling rule, a zero point against its scale, or the output's
 * DataType.
 */
final class QuantizedAveragePoolingProbeShaper extends OperatorShaper {

    QuantizedAveragePoolingProbeShaper() {
        super(OperatorType.QUANTIZED_LINEAR_AVERAGE_POOLING);
    }

    private static final List<Map.Entry<String, String>> ZERO_POINTS = List.of(
            Map.entry("InputZeroPointTensor", "InputScaleTensor"),
            Map.entry("OutputZeroPointTensor", "OutputScaleTensor"));

    private final PoolingProbeShaper pooling = new PoolingProbeShaper(OperatorType.QUANTIZED_LINEAR_AVERAGE_POOLING);

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        pooling.makeValid(values, random);
        outputType(values, ShapedValues.tensor(values, "InputTensor").dataType());
        ScaleProbes.zeroPointsFollowScales(values, ZERO_POINTS);
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
                TensorDataType input = ShapedValues.tensor(values, "InputTensor").dataType();
                TensorDataType other = input == TensorDataType.INT8 ? TensorDataType.UINT8 : TensorDataType.INT8;
                outputType(values, other);
                return Optional.of("OutputTensor.DataType " + other + " for an " + input + " input");
            }
            default -> { }
        }
        return pooling.breakOne(values, random);
    }

    /** The output and its zero point (which shares its DataType, a constraint line) of {@code type}. */
    private static void outputType(Map<String, Object> values, TensorDataType type) {
        for (String field : List.of("OutputTensor", "OutputZeroPointTensor")) {
            BufferTensorDesc tensor = ShapedValues.tensor(values, field);
            if (tensor != null) {
                values.put(field, tensor.withDataType(type));
            }
        }
    }
}
