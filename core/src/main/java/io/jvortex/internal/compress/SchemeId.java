package io.jvortex.internal.compress;

/**
 * The typed id of a compressor {@link Scheme}: what a scheme answers from {@link Scheme#id()} and what
 * exclusions name (a scheme declares, per child it cascades, the ids not to use below it).
 *
 * <p>An id is its stable name; two ids are the same scheme when their names are. The built-in
 * schemes' ids are the constants below. They live here, below every encoding package, rather than as
 * constants of the scheme classes: schemes exclude each other both ways across packages (the
 * dictionary's values exclude run-end and RLE, whose children exclude the dictionary; sparse and
 * run-end likewise), so referring to each other's classes would make a package cycle among
 * {@code internal.encodings.*}. A new scheme adds one constant here; its class returns it from
 * {@link Scheme#id()} and declares its exclusions with these constants.
 *
 * @param label the stable name, such as {@code int.bitpacked} (in messages and tests)
 */
public record SchemeId(String label) {
    /** {@code bool.constant} */
    public static final SchemeId BOOL_CONSTANT = new SchemeId("bool.constant");
    /** {@code int.constant} */
    public static final SchemeId INT_CONSTANT = new SchemeId("int.constant");
    /** {@code float.constant} */
    public static final SchemeId FLOAT_CONSTANT = new SchemeId("float.constant");
    /** {@code decimal.constant} */
    public static final SchemeId DECIMAL_CONSTANT = new SchemeId("decimal.constant");
    /** {@code string.constant} */
    public static final SchemeId STRING_CONSTANT = new SchemeId("string.constant");
    /** {@code binary.constant} */
    public static final SchemeId BINARY_CONSTANT = new SchemeId("binary.constant");
    /** {@code int.dict} */
    public static final SchemeId INT_DICT = new SchemeId("int.dict");
    /** {@code float.dict} */
    public static final SchemeId FLOAT_DICT = new SchemeId("float.dict");
    /** {@code string.dict} */
    public static final SchemeId STRING_DICT = new SchemeId("string.dict");
    /** {@code binary.dict} */
    public static final SchemeId BINARY_DICT = new SchemeId("binary.dict");
    /** {@code int.sparse} */
    public static final SchemeId INT_SPARSE = new SchemeId("int.sparse");
    /** {@code float.sparse} */
    public static final SchemeId FLOAT_SPARSE = new SchemeId("float.sparse");
    /** {@code int.runend} */
    public static final SchemeId INT_RUNEND = new SchemeId("int.runend");
    /** {@code int.rle} */
    public static final SchemeId INT_RLE = new SchemeId("int.rle");
    /** {@code float.rle} */
    public static final SchemeId FLOAT_RLE = new SchemeId("float.rle");
    /** {@code int.for} */
    public static final SchemeId INT_FOR = new SchemeId("int.for");
    /** {@code int.bitpacked} */
    public static final SchemeId INT_BITPACKED = new SchemeId("int.bitpacked");
    /** {@code int.zigzag} */
    public static final SchemeId INT_ZIGZAG = new SchemeId("int.zigzag");
    /** {@code int.sequence} */
    public static final SchemeId INT_SEQUENCE = new SchemeId("int.sequence");
    /** {@code float.alp} */
    public static final SchemeId FLOAT_ALP = new SchemeId("float.alp");
    /** {@code float.alprd} */
    public static final SchemeId FLOAT_ALPRD = new SchemeId("float.alprd");
    /** {@code string.varbin} */
    public static final SchemeId STRING_VARBIN = new SchemeId("string.varbin");
    /** {@code string.fsst} */
    public static final SchemeId STRING_FSST = new SchemeId("string.fsst");
    /** {@code string.onpair} */
    public static final SchemeId STRING_ONPAIR = new SchemeId("string.onpair");
    /** {@code ext.temporal} */
    public static final SchemeId EXT_TEMPORAL = new SchemeId("ext.temporal");
    /** {@code decimal.byte_parts} */
    public static final SchemeId DECIMAL_BYTE_PARTS = new SchemeId("decimal.byte_parts");
    /** {@code pco} */
    public static final SchemeId PCO = new SchemeId("pco");
    /** {@code vortex.string.zstd} */
    public static final SchemeId STRING_ZSTD = new SchemeId("vortex.string.zstd");
    /** {@code vortex.binary.zstd} */
    public static final SchemeId BINARY_ZSTD = new SchemeId("vortex.binary.zstd");

    /** Checks the name. */
    public SchemeId {
        if (label == null || label.isEmpty()) {
            throw new IllegalArgumentException("a scheme id needs a name");
        }
    }

    @Override
    public String toString() {
        return label;
    }
}
