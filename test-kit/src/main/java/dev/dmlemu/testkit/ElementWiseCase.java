package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import java.util.List;

/**
 * One generated element-wise case: the operator, its desc, and the whole bytes of each input buffer (exactly its
 * TotalTensorSizeInBytes, padding included), in the desc's input order.
 */
public record ElementWiseCase(ElementWiseOp op, OperatorDesc desc, List<BufferTensorDesc> inputTensors,
        BufferTensorDesc outputTensor, List<TensorBytes> inputs) {

    public ElementWiseCase {
        inputTensors = List.copyOf(inputTensors);
        inputs = List.copyOf(inputs);
    }
}
