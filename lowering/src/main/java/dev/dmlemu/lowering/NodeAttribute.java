package dev.dmlemu.lowering;

/**
 * The attributes a framework node may carry besides its tensors. Each {@link Frontend} lists the ones its
 * operator version has, so a caller (such as a command line) can tell which options apply without knowing the
 * operator.
 */
public enum NodeAttribute {
    /** {@code axis}: the dimension GatherElements and Gather gather along. */
    AXIS("axis"),
    /** {@code batch_dims}: the leading dimensions GatherND (from ONNX opset 12) treats as independent batches. */
    BATCH_DIMS("batch_dims"),
    /** {@code reduction}: how ONNX ScatterElements and ScatterND (from opset 16) combine an update with the data. */
    REDUCTION("reduction");

    private final String onnxName;

    NodeAttribute(String onnxName) {
        this.onnxName = onnxName;
    }

    /** The attribute's name as the ONNX spec spells it: {@code "batch_dims"}. */
    public String onnxName() {
        return onnxName;
    }
}
