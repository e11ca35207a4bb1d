package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * REDUCE beyond its tables per Function, as DirectML.dll 1.15.4 refuses (docs/directml-behaviour.md §14.4): every
 * axis below the input's DimensionCount (repeats, any order and AxisCount 0 are accepted), the output of the input's
 * DimensionCount and sizes with 1 on each reduced axis, and, but for ARGMIN and ARGMAX, the input's DataType.
 */
public final class ReduceShapeRules extends OperatorShapeRules<ReduceOperatorDesc> {

    public ReduceShapeRules() {
        super(OperatorType.REDUCE, ReduceOperatorDesc.class);
    }

    @Override
    public void check(ReduceOperatorDesc desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        BufferTensorDesc output = check.required("OutputTensor");
        boolean indexOutput = desc.function() == ReduceFunction.ARGMAX || desc.function() == ReduceFunction.ARGMIN;
        if (!indexOutput && output.dataType() != input.dataType()) {
            check.report(RuleId.DATA_TYPE_MISMATCH, "OutputTensor.DataType", "expected " + input.dataType().name()
                    + " (InputTensor.DataType) for " + desc.function().cName() + " but got "
                    + output.dataType().name());
        }
        long rank = input.dimensionCount();
        boolean axesInRange = ReducedAxes.inRange(desc.axes(), rank, check);
        if (output.dimensionCount() != rank) {
            check.report(RuleId.DIMENSION_COUNT_MISMATCH, "OutputTensor.DimensionCount", "expected " + rank
                    + " (InputTensor.DimensionCount) but got " + output.dimensionCount());
        } else if (axesInRange) {
            List<Long> expected = ReducedAxes.reducedSizes(input.sizes(), desc.axes());
            if (!expected.equals(output.sizes())) {
                check.report(RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes", "expected " + expected
                        + " (InputTensor.Sizes with 1 on Axes " + desc.axes() + ") but got " + output.sizes());
            }
        }
    }
}
