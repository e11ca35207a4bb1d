/**
 * Lowering of framework GatherElements nodes (ONNX GatherElements-11/13, OpenVINO GatherElements-6) onto
 * {@code DML_GATHER_ELEMENTS_OPERATOR_DESC}, validated at a DirectML feature level.
 *
 * <p>Shapes and types only, as a backend compiling a graph does it:
 * <pre>{@code
 * GatherElementsNode node = GatherElementsNode.onnx(Frontend.ONNX_13, List.of(3L, 3L), ElementType.FLOAT,
 *         List.of(2L, 3L), ElementType.INT64).withAxis(-2);
 * switch (GatherElementsLowering.lower(node, FeatureLevel.LEVEL_3_0)) {
 *     case Lowered lowered -> use(lowered.desc(), lowered.notes());
 *     case Refused refused -> report(refused.rule(), refused.message());
 * }
 * }</pre>
 *
 * <p>With the tensors' bytes, to run the node on an execution backend and get the framework's output:
 * <pre>{@code
 * switch (GatherElementsLowering.lowerWithBuffers(node, level, LoweringOptions.defaults(), dataBytes, indexBytes)) {
 *     case LoweredBuffers buffers -> write(buffers.execute(backend));   // packed, little-endian, indices' shape
 *     case Refused refused -> report(refused.message());
 * }
 * }</pre>
 */
package dev.dmlemu.lowering;
