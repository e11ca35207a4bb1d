package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ValueScale2dOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;

/**
 * VALUE_SCALE_2D beyond its tables, as DirectML.dll 1.15.4 refuses (docs/directml-behaviour.md §14.4):
 * {@code ChannelCount} is the input's channel size {@code Sizes[1]}, and that is 1 or 3. {@code Scale} may be any
 * float.
 */
public final class ValueScale2dShapeRules extends OperatorShapeRules<ValueScale2dOperatorDesc> {

    public ValueScale2dShapeRules() {
        super(OperatorType.VALUE_SCALE_2D, ValueScale2dOperatorDesc.class);
    }

    @Override
    public void check(ValueScale2dOperatorDesc desc, ShapeCheck check) {
        long channels = check.required("InputTensor").sizes().get(1);
        if (desc.channelCount() != channels) {
            check.report(RuleId.CHANNEL_COUNT_MISMATCH, "ChannelCount", desc.channelCount()
                    + " but InputTensor.Sizes[1] is " + channels);
        } else if (channels != 1 && channels != 3) {
            check.report(RuleId.CHANNEL_COUNT_MISMATCH, "ChannelCount", channels + " channels: only 1 or 3");
        }
    }
}
