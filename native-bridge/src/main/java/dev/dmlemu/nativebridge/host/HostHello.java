package dev.dmlemu.nativebridge.host;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the host's HELLO reported about its device and DirectML.dll.
 *
 * @param maxFeatureLevelCode the {@code DML_FEATURE_LEVEL} code, e.g. 0x6400
 * @param d3dFeatureLevel the {@code D3D_FEATURE_LEVEL} code, e.g. 0xb000
 * @param highestShaderModel the {@code D3D_SHADER_MODEL} code, e.g. 0x51
 * @param dataTypeMask bit n set: {@code DML_TENSOR_DATA_TYPE} code n supported
 */
public record HostHello(int protocolVersion, int maxFeatureLevelCode, int d3dFeatureLevel, int highestShaderModel,
        int dataTypeMask, String adapterDescription, String dllVersion, String dllPath) {

    public HostHello {
        Objects.requireNonNull(adapterDescription, "adapterDescription");
        Objects.requireNonNull(dllVersion, "dllVersion");
        Objects.requireNonNull(dllPath, "dllPath");
    }

    /** The facts {@code dmlemu_core_open} reported in process, where no protocol is spoken. */
    public static HostHello ofCore(int maxFeatureLevelCode, int d3dFeatureLevel, int highestShaderModel,
            int dataTypeMask, String adapterDescription, String dllVersion, String dllPath) {
        return new HostHello(HostProtocol.VERSION, maxFeatureLevelCode, d3dFeatureLevel, highestShaderModel,
                dataTypeMask, adapterDescription, dllVersion, dllPath);
    }

    static HostHello read(byte[] payload) {
        PayloadReader in = new PayloadReader(payload, "HELLO");
        HostHello hello = new HostHello(in.u32(), in.u32(), in.u32(), in.u32(), in.u32(), in.string(), in.string(),
                in.string());
        in.end();
        if (hello.protocolVersion != HostProtocol.VERSION) {
            throw new HostProtocolException("the host speaks protocol version "
                    + Integer.toUnsignedString(hello.protocolVersion) + ", this dmlemu version "
                    + HostProtocol.VERSION + "; run dmlemu setup-directml again");
        }
        return hello;
    }

    /** The highest feature level dmlemu knows that the device reaches, or empty when it reaches none. */
    public Optional<FeatureLevel> maxFeatureLevel() {
        FeatureLevel best = null;
        for (FeatureLevel level : FeatureLevel.values()) {
            if (Integer.compareUnsigned(level.code(), maxFeatureLevelCode) <= 0
                    && (best == null || best.isBelow(level))) {
                best = level;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The data types whose bit is set. */
    public Set<TensorDataType> supportedDataTypes() {
        Set<TensorDataType> types = EnumSet.noneOf(TensorDataType.class);
        for (TensorDataType type : TensorDataType.values()) {
            int code = type.code();
            if (code > 0 && code < 32 && (dataTypeMask & (1 << code)) != 0) {
                types.add(type);
            }
        }
        return types;
    }
}
