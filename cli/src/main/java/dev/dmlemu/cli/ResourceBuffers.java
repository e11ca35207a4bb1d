package dev.dmlemu.cli;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.JsonPath;
import dev.dmlemu.model.ModelFormatException;
import dev.dmlemu.model.ResourceData;
import dev.dmlemu.model.ResourceDecl;
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

    /**
     * Allocates and fills every resource of a plan whose sizes were already checked against the limits; a bad
     * initializer or {@code .npy} file becomes exit code 2 naming it.
     */
    static ResourceBuffers materialize(ModelInput input, ResourcePlan plan) {
        Map<String, Resource> byName = new LinkedHashMap<>();
        for (Map.Entry<String, ResourceDecl> entry : input.model().resources().entrySet()) {
            String name = entry.getKey();
            ResourcePlan.Planned planned = plan.get(name);
            ByteBuffer bytes;
            try {
                bytes = ResourceData.materialize(entry.getValue(), input.sources());
            } catch (ModelFormatException e) {
                throw input.problemAt(JsonPath.child("resources", name), e.describe());
            }
            if (bytes.capacity() != planned.bufferBytes()) {
                // Only a .npy file that changed after its header was read can get here.
                throw input.problemAt(JsonPath.child("resources", name), "its .npy file changed while the run was"
                        + " planned: the buffer now has " + bytes.capacity() + " bytes, not " + planned.bufferBytes());
            }
            byName.put(name, new Resource(name, planned.dataType(), bytes, planned.initialElementCount()));
        }
        return new ResourceBuffers(byName);
    }

    Resource get(String name) {
        Resource resource = byName.get(name);
        if (resource == null) {
            throw new IllegalArgumentException("no resource named '" + name + "'"); // the reader checked every name
        }
        return resource;
    }
}
