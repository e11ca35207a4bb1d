package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code DML_GATHER_ELEMENTS_OPERATOR_DESC}: three {@code const DML_TENSOR_DESC*} at 0, 8, 16 and {@code UINT Axis}
 * @24; 32 bytes.
 */
@FieldOrder({"InputTensor", "IndicesTensor", "OutputTensor", "Axis"})
public class DML_GATHER_ELEMENTS_OPERATOR_DESC extends WindowsStructure {
    public Pointer InputTensor;
    public Pointer IndicesTensor;
    public Pointer OutputTensor;
    public int Axis;

    public DML_GATHER_ELEMENTS_OPERATOR_DESC() {
    }

    public DML_GATHER_ELEMENTS_OPERATOR_DESC(Pointer memory) {
        super(memory);
        read();
    }
}
