package dev.dmlemu.nativebridge.dml;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.nativebridge.com.ComObject;
import dev.dmlemu.nativebridge.com.HResult;
import dev.dmlemu.nativebridge.com.Iids;
import dev.dmlemu.nativebridge.com.NativeCallException;
import dev.dmlemu.nativebridge.struct.DML_BINDING_TABLE_DESC;
import dev.dmlemu.nativebridge.struct.DML_FEATURE_DATA_FEATURE_LEVELS;
import dev.dmlemu.nativebridge.struct.DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT;
import dev.dmlemu.nativebridge.struct.DML_FEATURE_QUERY_FEATURE_LEVELS;
import dev.dmlemu.nativebridge.struct.DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT;
import dev.dmlemu.nativebridge.struct.DML_OPERATOR_DESC;
import java.util.EnumSet;
import java.util.Set;

/** {@code IDMLDevice} (IUnknown → IDMLObject → IDMLDevice). Every {@code create*} result is owned by the caller. */
public final class DmlDevice extends ComObject {

    public static final int SLOT_CHECK_FEATURE_SUPPORT = 7;
    public static final int SLOT_CREATE_OPERATOR = 8;
    public static final int SLOT_COMPILE_OPERATOR = 9;
    public static final int SLOT_CREATE_OPERATOR_INITIALIZER = 10;
    public static final int SLOT_CREATE_COMMAND_RECORDER = 11;
    public static final int SLOT_CREATE_BINDING_TABLE = 12;
    public static final int SLOT_EVICT = 13;
    public static final int SLOT_MAKE_RESIDENT = 14;
    public static final int SLOT_GET_DEVICE_REMOVED_REASON = 15;
    public static final int SLOT_GET_PARENT_DEVICE = 16;

    private static final String REFUSED_HINT =
            "DirectML refused the desc; with the debug layer (DebugLayer.ON) it prints its reason to the debugger output";

    /** Adopts one reference. */
    public DmlDevice(Pointer pointer) {
        super(pointer, "IDMLDevice");
    }

    /**
     * The highest feature level the device supports. Every level this project knows is requested, because the
     * answer is the highest supported level <em>among those requested</em>. A DirectML.dll older than the newest
     * level refuses levels it does not know with E_INVALIDARG, so the list is shortened from the top until accepted.
     */
    public FeatureLevel maxSupportedFeatureLevel() {
        FeatureLevel[] all = FeatureLevel.values();
        int lastHResult = HResult.E_FAIL;
        for (int count = all.length; count > 0; count--) {
            Memory levels = new Memory(4L * count);
            for (int i = 0; i < count; i++) {
                levels.setInt(4L * i, all[i].code());
            }
            DML_FEATURE_QUERY_FEATURE_LEVELS query = new DML_FEATURE_QUERY_FEATURE_LEVELS();
            query.RequestedFeatureLevelCount = count;
            query.RequestedFeatureLevels = levels;
            query.write();
            DML_FEATURE_DATA_FEATURE_LEVELS data = new DML_FEATURE_DATA_FEATURE_LEVELS();
            lastHResult = callForHResult(SLOT_CHECK_FEATURE_SUPPORT, DmlConstants.DML_FEATURE_FEATURE_LEVELS,
                    query.size(), query, data.size(), data);
            if (HResult.succeeded(lastHResult)) {
                data.read();
                return FeatureLevel.fromCode(data.MaxSupportedFeatureLevel);
            }
            if (lastHResult != HResult.E_INVALIDARG) {
                break;
            }
        }
        throw new NativeCallException(lastHResult, callSite("CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS)"));
    }

    /**
     * Whether the device supports a tensor data type. E_INVALIDARG means the DLL predates the type and counts as
     * "not supported"; any other failure throws.
     */
    public boolean supportsDataType(TensorDataType dataType) {
        DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT query = new DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT();
        query.DataType = dataType.code();
        DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT data = new DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT();
        int hr = callForHResult(SLOT_CHECK_FEATURE_SUPPORT, DmlConstants.DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT,
                query.size(), query, data.size(), data);
        if (hr == HResult.E_INVALIDARG) {
            return false;
        }
        HResult.check(hr, callSite("CheckFeatureSupport(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, "
                + dataType.cName() + ")"));
        data.read();
        return data.IsSupported != 0;
    }

    /** Every data type (UNKNOWN excluded) the device supports. */
    public Set<TensorDataType> supportedDataTypes() {
        EnumSet<TensorDataType> supported = EnumSet.noneOf(TensorDataType.class);
        for (TensorDataType type : TensorDataType.values()) {
            if (type != TensorDataType.UNKNOWN && supportsDataType(type)) {
                supported.add(type);
            }
        }
        return supported;
    }

    /**
     * {@code CreateOperator}: the point where DirectML validates a desc.
     *
     * @throws NativeCallException E_INVALIDARG for a desc DirectML refuses
     */
    public DmlOperator createOperator(OperatorDesc desc) {
        try (NativeScope scope = new NativeScope()) {
            DML_OPERATOR_DESC nativeDesc = DescMarshaller.marshal(desc, scope);
            PointerByReference out = new PointerByReference();
            Memory riid = Iids.IDML_OPERATOR.toNative();
            int hr = callForHResult(SLOT_CREATE_OPERATOR, nativeDesc.getPointer(), riid, out);
            if (!HResult.succeeded(hr)) {
                throw new NativeCallException(hr, callSite("CreateOperator"),
                        hr == HResult.E_INVALIDARG ? REFUSED_HINT : null);
            }
            return new DmlOperator(out.getValue());
        }
    }

    /** {@code CompileOperator(op, flags)}. */
    public DmlCompiledOperator compileOperator(DmlOperator operator, Set<ExecutionFlag> flags) {
        PointerByReference out = new PointerByReference();
        call(SLOT_COMPILE_OPERATOR, "CompileOperator", operator.pointer(), ExecutionFlag.toMask(flags),
                Iids.IDML_COMPILED_OPERATOR.toNative(), out);
        return new DmlCompiledOperator(out.getValue());
    }

    /** {@code CreateOperatorInitializer} for one compiled operator. */
    public DmlOperatorInitializer createOperatorInitializer(DmlCompiledOperator compiled) {
        Memory operators = new Memory(com.sun.jna.Native.POINTER_SIZE);
        operators.setPointer(0, compiled.pointer());
        PointerByReference out = new PointerByReference();
        call(SLOT_CREATE_OPERATOR_INITIALIZER, "CreateOperatorInitializer", 1, operators,
                Iids.IDML_OPERATOR_INITIALIZER.toNative(), out);
        return new DmlOperatorInitializer(out.getValue());
    }

    public DmlCommandRecorder createCommandRecorder() {
        PointerByReference out = new PointerByReference();
        call(SLOT_CREATE_COMMAND_RECORDER, "CreateCommandRecorder", Iids.IDML_COMMAND_RECORDER.toNative(), out);
        return new DmlCommandRecorder(out.getValue());
    }

    public DmlBindingTable createBindingTable(DML_BINDING_TABLE_DESC desc) {
        PointerByReference out = new PointerByReference();
        call(SLOT_CREATE_BINDING_TABLE, "CreateBindingTable", desc, Iids.IDML_BINDING_TABLE.toNative(), out);
        return new DmlBindingTable(out.getValue());
    }

    /** S_OK while the device works; the removal reason afterwards. */
    public int deviceRemovedReason() {
        return callForHResult(SLOT_GET_DEVICE_REMOVED_REASON);
    }
}
