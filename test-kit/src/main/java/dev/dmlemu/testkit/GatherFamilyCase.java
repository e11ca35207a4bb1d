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

    BufferTensorDesc inputTensor();

    BufferTensorDesc indicesTensor();

    BufferTensorDesc outputTensor();

    TensorDataType dataType();

    TensorDataType indexType();

    /** The DimensionCount every tensor of the desc shares. */
    int rank();
}
