package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FillValueConstantOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.List;

/**
 * FILL_VALUE_CONSTANT: every output element is the Value member ValueDataType selects, its bytes copied unchanged
 * (a NaN keeps its payload): a region whose source is one constant element read with stride 0.
 */
public final class FillValueConstantKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.FILL_VALUE_CONSTANT;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        FillValueConstantOperatorDesc desc = operator.desc(FillValueConstantOperatorDesc.class);
        BufferTensorDesc output = operator.tensor("OutputTensor");
        if (desc.valueDataType() != output.dataType()) {
            throw Shapes.refuse(operatorType(), "ValueDataType " + desc.valueDataType()
                    + " must equal the OutputTensor's DataType " + output.dataType());
        }
        int elementSize = Shapes.elementSize(operatorType(), output);
        long[] sizes = Shapes.sizes(output);
        RegionCopy copy = new RegionCopy(new CopyRegion(sizes, 0, new long[sizes.length], 0, Shapes.strides(output)),
                elementSize);
        return new CopyExecution(operator.desc(), List.of(new CopyPiece(CopyPiece.CONSTANT, 0, copy)),
                ScalarBytes.of(desc.value().bits(), elementSize), parallelism.forOutput(output), PieceOrder.LISTED);
    }
}
