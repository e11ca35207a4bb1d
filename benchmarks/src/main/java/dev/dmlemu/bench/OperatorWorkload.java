package dev.dmlemu.bench;

import dev.dmlemu.desc.OperatorDesc;
import java.util.List;

/**
 * One operator workload of issue #26 as data: the DirectML desc and its tensors, the equivalent one-node ONNX model,
 * and the memory-traffic floor to time beside them ({@link KernelWorkloads} states them all).
 *
 * @param inputs the desc's input tensors in binding order, which is also the ONNX node's input order
 * @param outputs the desc's output tensors in binding order, which is also the ONNX graph's output order
 * @param onnxOperator the ONNX operator (opset 13) computing the same thing
 * @param onnxConstants the ONNX node's constant inputs, after the graph inputs (Slice's starts, Pad's pads, TopK's K)
 */
record OperatorWorkload(String name, OperatorDesc desc, List<Operand> inputs, List<Operand> outputs,
        String onnxOperator, List<OnnxModelBytes.Int64Constant> onnxConstants,
        List<OnnxModelBytes.Attribute> onnxAttributes, Floor floor) {

    /**
     * The floor: a plain pass over the bytes the operator must read and write ({@link StreamFloor},
     * {@link TwoInputFloor}).
     *
     * @param targetBytes the bytes the floor writes
     */
    record Floor(Kind kind, long targetBytes) {

        enum Kind {
            /** The inputs copied back to back into the target, as far as it reaches; zeros after them. */
            COPY,
            /** Two inputs of the target's size read, one byte of each combined into one written. */
            TWO_INPUTS
        }
    }

    byte[] onnxModel() {
        return OnnxModelBytes.singleNode(onnxOperator, inputs.stream().map(Operand::onnxValue).toList(),
                onnxConstants, outputs.stream().map(Operand::onnxValue).toList(), onnxAttributes);
    }

    /** The bytes of every tensor, inputs and outputs: what a model file of the workload holds. */
    long tensorBytes() {
        long bytes = 0;
        for (Operand o : inputs) {
            bytes = Math.addExact(bytes, o.bytes());
        }
        for (Operand o : outputs) {
            bytes = Math.addExact(bytes, o.bytes());
        }
        return bytes;
    }
}
