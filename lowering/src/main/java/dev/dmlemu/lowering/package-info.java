/**
 * Lowering of framework gather and scatter nodes onto DirectML operator descs, validated at a DirectML feature
 * level: ONNX
 * GatherElements-11/13 and OpenVINO GatherElements-6 onto {@code DML_GATHER_ELEMENTS_OPERATOR_DESC}
 * ({@link dev.dmlemu.lowering.GatherElementsLowering}), ONNX Gather-1/11/13 and OpenVINO Gather-1 onto
 * {@code DML_GATHER_OPERATOR_DESC} ({@link dev.dmlemu.lowering.GatherLowering}), ONNX GatherND-11/12/13 onto
 * {@code DML_GATHER_ND_OPERATOR_DESC} or, with {@code batch_dims}, {@code DML_GATHER_ND1_OPERATOR_DESC}
 * ({@link dev.dmlemu.lowering.GatherNdLowering}), ONNX ScatterElements-11/13/16/18 onto
 * {@code DML_SCATTER_ELEMENTS_OPERATOR_DESC} ({@link dev.dmlemu.lowering.ScatterElementsLowering}) and ONNX
 * ScatterND-11/13/16/18 onto {@code DML_SCATTER_ND_OPERATOR_DESC} ({@link dev.dmlemu.lowering.ScatterNdLowering}).
 * Every kind of node is a {@link dev.dmlemu.lowering.FrameworkNode}, which lowers itself onto its operator and lists
 * its input tensors ({@link dev.dmlemu.lowering.FrameworkNode#inputs()}: a scatter has {@code updates} too);
 * attributes belong to the nodes that have them (the axis to an {@link dev.dmlemu.lowering.AxisNode},
 * {@code batch_dims} to a {@link dev.dmlemu.lowering.GatherNdNode}, {@code reduction} to a
 * {@link dev.dmlemu.lowering.ScatterNode}), and each {@link dev.dmlemu.lowering.Frontend} lists the ones its operator
 * version has.
 *
 * <p>Shapes and types only, as a backend compiling a graph does it:
 * <pre>{@code
 * GatherNode node = GatherNode.onnx(Frontend.ONNX_GATHER_13, List.of(3L, 2L), ElementType.FLOAT,
 *         List.of(2L, 2L), ElementType.INT64).withAxis(-2);
 * LoweringResult result = GatherLowering.lower(node, FeatureLevel.LEVEL_3_0);
 * if (result instanceof Lowered lowered) {
 *     use(lowered.desc(GatherOperatorDesc.class), lowered.notes());
 * } else if (result instanceof Refused refused) {
 *     report(refused.rule(), refused.message());
 * }
 * }</pre>
 *
 * <p>With the tensors' bytes, to run the node on an execution backend and get the framework's output:
 * <pre>{@code
 * FrameworkNode node = FrameworkNode.of(Frontend.OPENVINO_6, dataShape, ElementType.FLOAT, indicesShape,
 *         ElementType.INT32, OptionalLong.of(1));
 * BufferLoweringResult result = node.lowerWithBuffers(level, LoweringOptions.defaults(), dataBytes, indexBytes);
 * if (result instanceof LoweredBuffers buffers) {
 *     write(buffers.execute(backend));   // packed, little-endian, the framework output's shape
 * } else if (result instanceof Refused refused) {
 *     report(refused.message());
 * }
 * }</pre>
 *
 * <p>A scatter takes its buffers by tensor, as any node can:
 * <pre>{@code
 * FrameworkNode node = FrameworkNode.of(Frontend.ONNX_SCATTER_ND_18, dataShape, ElementType.FLOAT, indicesShape,
 *         ElementType.INT64, updatesShape, NodeAttributes.none());
 * Optional<String> broken = FrameworkIndexCheck.firstViolation(node, indexBytes); // range, duplicate targets
 * BufferLoweringResult result = node.lowerWithBuffers(level, LoweringOptions.defaults(), Map.of(
 *         FrameworkTensor.DATA, dataBytes, FrameworkTensor.INDICES, indexBytes, FrameworkTensor.UPDATES, updateBytes));
 * }</pre>
 */
package dev.dmlemu.lowering;
