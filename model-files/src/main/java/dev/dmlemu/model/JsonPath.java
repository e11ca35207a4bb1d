package dev.dmlemu.model;

/**
 * JSON paths as model-file messages spell them: {@code dispatchables.ge.desc.Sizes[2]}, with names that are not plain
 * identifiers quoted in brackets ({@code resources["my data"]}).
 */
public final class JsonPath {

    private JsonPath() {}

    /** {@code path.key}, {@code path["odd key"]}, or the key alone at the root (empty path). */
    public static String child(String path, String key) {
        String part = key.matches("[A-Za-z_$][A-Za-z0-9_$]*") ? key
                : "[\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
        return path.isEmpty() || part.startsWith("[") ? path + part : path + "." + part;
    }

    /** {@code path[index]}. */
    public static String element(String path, long index) {
        return path + "[" + index + "]";
    }
}
