package io.jvortex.write;

/** The ids of the canonical encodings this writer emits. */
final class Encodings {
    static final String NULL = "vortex.null";
    static final String BOOL = "vortex.bool";
    static final String PRIMITIVE = "vortex.primitive";
    static final String DECIMAL = "vortex.decimal";
    static final String VARBIN = "vortex.varbin";
    static final String VARBINVIEW = "vortex.varbinview";
    static final String STRUCT = "vortex.struct";
    static final String LIST = "vortex.list";
    static final String LIST_VIEW = "vortex.listview";
    static final String FIXED_SIZE_LIST = "vortex.fixed_size_list";
    static final String EXT = "vortex.ext";
    static final String CONSTANT = "vortex.constant";

    private Encodings() {
    }
}
