package io.jvortex.spi;

/** The ids of the canonical encodings this writer emits. */
public final class Encodings {
    public static final String NULL = "vortex.null";
    public static final String BOOL = "vortex.bool";
    public static final String PRIMITIVE = "vortex.primitive";
    public static final String DECIMAL = "vortex.decimal";
    public static final String VARBIN = "vortex.varbin";
    public static final String VARBINVIEW = "vortex.varbinview";
    public static final String STRUCT = "vortex.struct";
    public static final String LIST = "vortex.list";
    public static final String LIST_VIEW = "vortex.listview";
    public static final String FIXED_SIZE_LIST = "vortex.fixed_size_list";
    public static final String EXT = "vortex.ext";
    public static final String CONSTANT = "vortex.constant";

    private Encodings() {
    }
}
