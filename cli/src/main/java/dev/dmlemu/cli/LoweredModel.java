package dev.dmlemu.cli;

import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.ArrayValues;
import dev.dmlemu.model.BindingRef;
import dev.dmlemu.model.Command;
import dev.dmlemu.model.ConstantValues;
import dev.dmlemu.model.DispatchCommand;
import dev.dmlemu.model.ElementValues;
import dev.dmlemu.model.Dispatchable;
import dev.dmlemu.model.FileValues;
import dev.dmlemu.model.InitialValues;
import dev.dmlemu.model.ModelFile;
import dev.dmlemu.model.OperatorDispatchable;
import dev.dmlemu.model.PrintCommand;
import dev.dmlemu.model.ResourceData;
import dev.dmlemu.model.ResourceDecl;
import dev.dmlemu.model.Scalar;
import dev.dmlemu.lowering.BindingNote;
import dev.dmlemu.lowering.FrameworkTensor;
import dev.dmlemu.lowering.LoweredBuffers;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The DxDispatch model file of a lowered node: resources {@code data}, {@code indices}, {@code updates} for a scatter,
 * and {@code output}, the dispatchable {@code gather} (or {@code scatter}) holding the lowered desc, then a dispatch
 * and a print of {@code output}.
 *
 * <p>The lowering never changes a byte of the framework tensors: every reinterpretation (bool as UINT8, int64
 * indices read as their UINT32 low halves, rank padding, the strided window) lives in the desc's DataType, Sizes and
 * Strides, and the buffers are only zero-padded up to each tensor's TotalTensorSizeInBytes. So the input resources
 * can be the given {@code .npy} files themselves, with {@code sizeInBytes} where the desc needs more bytes than the
 * file holds. {@link ValueForm#INLINE} writes the elements into the model instead, for a file that travels alone.
 */
final class LoweredModel {

    static final String DISPATCHABLE = "gather";
    static final String SCATTER_DISPATCHABLE = "scatter";
    static final String DATA = "data";
    static final String INDICES = "indices";
    static final String UPDATES = "updates";
    static final String OUTPUT = "output";

    /** The resource each framework tensor is bound from. */
    private static final Map<FrameworkTensor, String> RESOURCES = Map.of(FrameworkTensor.DATA, DATA,
            FrameworkTensor.INDICES, INDICES, FrameworkTensor.UPDATES, UPDATES, FrameworkTensor.OUTPUT, OUTPUT);

    /** How the input resources hold their values. */
    enum ValueForm {
        /** {@code {"sourcePath": "/abs/x.npy"}}: the given files, bit for bit. */
        FILES,
        /** {@code [1, 2, ...]}: the elements, bit for bit ({@code -0.0} as that float literal; floats whose bits no
         * decimal carries, such as a NaN payload, make the resource the unsigned integers of its bits). */
        INLINE
    }

    private LoweredModel() {}

    /** {@link #of(LoweredBuffers, Map, ValueForm)} for a gather's data and indices. */
    static ModelFile of(LoweredBuffers lowered, NpyInput data, NpyInput indices, ValueForm form) {
        return of(lowered, Map.of(FrameworkTensor.DATA, data, FrameworkTensor.INDICES, indices), form);
    }

    /** The model file of a node lowered with {@code inputs}, one for each of the node's inputs. */
    static ModelFile of(LoweredBuffers lowered, Map<FrameworkTensor, NpyInput> inputs, ValueForm form) {
        Map<String, ResourceDecl> resources = new LinkedHashMap<>();
        for (FrameworkTensor tensor : lowered.lowered().node().inputs()) {
            resources.put(RESOURCES.get(tensor), input(inputs.get(tensor),
                    lowered.lowered().note(tensor).bindingSizeInBytes(), form));
        }
        NpyInput data = inputs.get(FrameworkTensor.DATA);
        long outputCount = BufferTensorMath.elementCount(lowered.lowered().outputShape());
        long outputBytes = Math.multiplyExact(outputCount, (long) data.dataType().sizeInBytes());
        resources.put(OUTPUT, new ResourceDecl(data.dataType(), new ConstantValues(outputCount, Scalar.of(0)),
                padding(outputBytes, lowered.lowered().note(FrameworkTensor.OUTPUT).bindingSizeInBytes())));

        // A scatter's dispatchable is named for what it does; the gathers keep the name their model files have.
        String dispatchable = lowered.lowered().node().frontend().operator().hasUpdates() ? SCATTER_DISPATCHABLE
                : DISPATCHABLE;
        Map<String, Dispatchable> dispatchables = Map.of(dispatchable,
                new OperatorDispatchable(lowered.lowered().desc()));
        Map<String, BindingRef> bindings = new LinkedHashMap<>();
        for (BindingNote note : lowered.lowered().notes()) {
            bindings.put(note.tensorField(), BindingRef.of(RESOURCES.get(note.source())));
        }
        List<Command> commands = List.of(new DispatchCommand(dispatchable, bindings), new PrintCommand(OUTPUT, false));
        return new ModelFile(resources, dispatchables, commands);
    }

    private static ResourceDecl input(NpyInput tensor, long bindingBytes, ValueForm form) {
        OptionalLong size = padding(tensor.bytes().remaining(), bindingBytes);
        if (form == ValueForm.FILES) {
            String path = tensor.path().toAbsolutePath().normalize().toString();
            return new ResourceDecl(tensor.dataType(), new FileValues(path), size);
        }
        ResourceDecl typed = new ResourceDecl(tensor.dataType(), elements(tensor), size);
        if (holdsExactly(typed, tensor.bytes())) {
            return typed;
        }
        return new ResourceDecl(bitsType(tensor.dataType()), bits(tensor), size);
    }

    /** {@code sizeInBytes} when the desc needs more than the data and its rounding up to 4 give. */
    private static OptionalLong padding(long dataBytes, long bindingBytes) {
        long rounded = Math.multiplyExact((dataBytes + 3) / 4, 4L);
        return bindingBytes > rounded ? OptionalLong.of(bindingBytes) : OptionalLong.empty();
    }

    private static InitialValues elements(NpyInput tensor) {
        TensorDataType type = tensor.dataType();
        List<Scalar> values = new ArrayList<>();
        for (long i = 0; i < tensor.elementCount(); i++) {
            long index = i;
            values.add(ElementValues.nonFinite(type, tensor.bytes(), index).<Scalar>map(special -> special)
                    .orElseGet(() -> Scalar.of(ElementValues.finiteText(type, tensor.bytes(), index))));
        }
        return new ArrayValues(values);
    }

    /** Whether the resource's bytes, as DxDispatch makes them, are exactly {@code expected}. */
    private static boolean holdsExactly(ResourceDecl decl, ByteBuffer expected) {
        ByteBuffer made = ResourceData.materialize(decl);
        return made.limit(expected.remaining()).equals(expected.duplicate().order(ByteOrder.LITTLE_ENDIAN));
    }

    private static TensorDataType bitsType(TensorDataType type) {
        return switch (type.sizeInBytes()) {
            case 2 -> TensorDataType.UINT16;
            case 4 -> TensorDataType.UINT32;
            case 8 -> TensorDataType.UINT64;
            default -> TensorDataType.UINT8;
        };
    }

    private static InitialValues bits(NpyInput tensor) {
        TensorDataType type = bitsType(tensor.dataType());
        ByteBuffer le = tensor.bytes().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        List<Scalar> values = new ArrayList<>();
        for (long i = 0; i < tensor.elementCount(); i++) {
            values.add(Scalar.of(new BigDecimal(ElementValues.printText(type, le, i))));
        }
        return new ArrayValues(values);
    }
}
