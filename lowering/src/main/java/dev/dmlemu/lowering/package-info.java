/**
 * Lowering of framework GatherElements nodes (ONNX GatherElements-11/13, OpenVINO GatherElements-6) onto
 * {@code DML_GATHER_ELEMENTS_OPERATOR_DESC}, validated at a DirectML feature level.
 *
 * <p>Shapes and types only, as a backend compiling a graph does it:
 * <pre>{@code
 * GatherElementsNode node = GatherElementsNode.onnx(Frontend.ONNX_13, List.of(3L, 3L), ElementType.FLOAT,
 *         List.of(2L, 3L), ElementType.INT64).withAxis(-2);
 * LoweringResult result = GatherElementsLowering.lower(node, FeatureLevel.LEVEL_3_0);
 * if (result instanceof Lowered lowered) {
 *     use(lowered.desc(), lowered.notes());
 * } else if (result instanceof Refused refused) {
 *     report(refused.rule(), refused.message());
 * }
 * }</pre>
 *
 * <p>With the tensors' bytes, to run the node on an execution backend and get the framework's output:
 * <pre>{@code
 * BufferLoweringResult result = GatherElementsLowering.lowerWithBuffers(node, level, LoweringOptions.defaults(),
 *         dataBytes, indexBytes);
 * if (result instanceof LoweredBuffers buffers) {
 *     write(buffers.execute(backend));   // packed, little-endian, the indices' shape
 * } else if (result instanceof Refused refused) {
 *     report(refused.message());
 * }
 * }</pre>
 */
package dev.dmlemu.lowering;
