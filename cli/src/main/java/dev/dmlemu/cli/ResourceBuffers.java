package dev.dmlemu.cli;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.model.FileValues;
import dev.dmlemu.desc.model.ModelFormatException;
import dev.dmlemu.desc.model.NpyFile;
import dev.dmlemu.desc.model.ResourceData;
import dev.dmlemu.desc.model.ResourceDecl;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/** The model's resources as little-endian byte buffers, like DxDispatch's committed buffers, by name. */
final class ResourceBuffers {

    /**
     * One resource: its bytes (padded to 4 or to {@code sizeInBytes}), its data type, and how many elements its
     * initializer gave ({@code print} shows that many).
     */
    record Resource(String name, TensorDataType dataType, ByteBuffer bytes, long initialElementCount) {}

    private final Map<String, Resource> byName;

    private ResourceBuffers(Map<String, Resource> byName) {
        this.byName = byName;
    }

    /** Materializes every resource; a bad initializer or .npy file becomes exit code 2 naming it. */
    static ResourceBuffers materialize(ModelInput input) {
        Map<String, Resource> byName = new LinkedHashMap<>();
        input.model().resources().forEach((name, decl) -> {
            try {
                ByteBuffer bytes = ResourceData.materialize(decl, input.baseDir());
                byName.put(name, new Resource(name, decl.initialValuesDataType(), bytes, elementCount(decl, input)));
            } catch (ModelFormatException e) {
                throw CliFailure.unusableInput(input.path() + ": resources." + name + ": " + e.describe());
            }
        });
        return new ResourceBuffers(byName);
    }

    private static long elementCount(ResourceDecl decl, ModelInput input) {
        if (decl.initialValues() instanceof FileValues file) {
            return NpyFile.readHeader(input.baseDir().resolve(file.sourcePath())).elementCount();
        }
        return ResourceData.initialElementCount(decl);
    }

    Resource get(String name) {
        Resource resource = byName.get(name);
        if (resource == null) {
            throw CliFailure.unusableInput("no resource named '" + name + "' (defined: "
                    + String.join(", ", byName.keySet()) + ")");
        }
        return resource;
    }
}
