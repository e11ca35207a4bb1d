package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;

/**
 * What every gather's case holds, whichever gather: a desc, the bytes of its input, indices and output, and the seed
 * that names it. Lets the checks every generator must pass be written once.
 */
public interface GatherFamilyCase {

    long seed();

    OperatorDesc desc();

    TensorBytes input();

    TensorBytes indices();

    /** The output's initial contents. */
    TensorBytes output();

    /** The desc's first tensor field: every gather's tensors are input, indices and output, in that order. */
    default BufferTensorDesc inputTensor() {
        return (BufferTensorDesc) desc().tensorFields().get(0).desc();
    }

    default BufferTensorDesc indicesTensor() {
        return (BufferTensorDesc) desc().tensorFields().get(1).desc();
    }

    default BufferTensorDesc outputTensor() {
        return (BufferTensorDesc) desc().tensorFields().get(2).desc();
    }

    default TensorDataType dataType() {
        return inputTensor().dataType();
    }

    default TensorDataType indexType() {
        return indicesTensor().dataType();
    }

    /** The DimensionCount every tensor of the desc shares. */
    default int rank() {
        return inputTensor().sizes().size();
    }
}
