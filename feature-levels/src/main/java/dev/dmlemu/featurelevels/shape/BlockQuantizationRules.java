package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DequantizeOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.QuantizationType;
import dev.dmlemu.desc.QuantizeOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.function.Function;

/**
 * QUANTIZE and DEQUANTIZE (measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5): QuantizationType SCALE
 * takes one quantization tensor (the scale), SCALE_ZERO_POINT two (scale, zero point), NONE is refused; the scale has
 * the float tensor's DataType, the zero point the quantized tensor's and the scale's Sizes; OutputTensor has
 * InputTensor's Sizes, and each scale size divides InputTensor's (a block of whole elements per scale).
 *
 * @param <D> the operator's desc record
 */
public final class BlockQuantizationRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private static final String ARRAY = "QuantizationTensors";

    private final Function<D, QuantizationType> quantizationType;
    private final String floatTensor;
    private final String quantizedTensor;

    private BlockQuantizationRules(OperatorType type, Class<D> descType, Function<D, QuantizationType> quantizationType,
            String floatTensor, String quantizedTensor) {
        super(type, descType);
        this.quantizationType = quantizationType;
        this.floatTensor = floatTensor;
        this.quantizedTensor = quantizedTensor;
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new BlockQuantizationRules<>(OperatorType.QUANTIZE, QuantizeOperatorDesc.class,
                        QuantizeOperatorDesc::quantizationType, "InputTensor", "OutputTensor"),
                new BlockQuantizationRules<>(OperatorType.DEQUANTIZE, DequantizeOperatorDesc.class,
                        DequantizeOperatorDesc::quantizationType, "OutputTensor", "InputTensor"));
    }

    /** How many quantization tensors {@code type} takes; 0 for NONE, which DirectML refuses. */
    static int tensorCount(QuantizationType type) {
        return switch (type) {
            case NONE -> 0;
            case SCALE -> 1;
            case SCALE_ZERO_POINT -> 2;
        };
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        Broadcast.sameSizes("OutputTensor", check.required("OutputTensor"), "InputTensor", input.sizes(), check);
        QuantizationType quantization = quantizationType.apply(desc);
        List<BufferTensorDesc> tensors = check.array(ARRAY);
        if (quantization == QuantizationType.NONE) {
            check.report(RuleId.FIELD_VALUE_UNSUPPORTED, "QuantizationType", quantization.cName()
                    + " is not supported; SCALE or SCALE_ZERO_POINT");
            return;
        }
        if (tensors.size() != tensorCount(quantization)) {
            check.report(RuleId.FIELD_VALUE_UNSUPPORTED, "QuantizationTensorCount", quantization.cName() + " takes "
                    + tensorCount(quantization) + " quantization tensors, not " + tensors.size());
            return;
        }
        BufferTensorDesc scale = tensors.get(0);
        if (scale.dataType() != check.required(floatTensor).dataType()) {
            check.report(RuleId.DATA_TYPE_MISMATCH, ARRAY + "[0].DataType", "the scale must have " + floatTensor
                    + "'s DataType " + check.required(floatTensor).dataType().cName());
        }
        List<Long> sizes = input.sizes();
        for (int d = 0; d < sizes.size(); d++) {
            if (sizes.get(d) % scale.sizes().get(d) != 0) {
                check.report(RuleId.BLOCK_SIZE_NOT_DIVIDING, ARRAY + "[0].Sizes[" + d + "]", "size "
                        + scale.sizes().get(d) + " does not divide InputTensor's " + sizes.get(d));
            }
        }
        if (tensors.size() == 2) {
            BufferTensorDesc zeroPoint = tensors.get(1);
            if (zeroPoint.dataType() != check.required(quantizedTensor).dataType()) {
                check.report(RuleId.DATA_TYPE_MISMATCH, ARRAY + "[1].DataType", "the zero point must have "
                        + quantizedTensor + "'s DataType " + check.required(quantizedTensor).dataType().cName());
            }
            Broadcast.sameSizes(ARRAY + "[1]", zeroPoint, ARRAY + "[0]", scale.sizes(), check);
        }
    }
}
