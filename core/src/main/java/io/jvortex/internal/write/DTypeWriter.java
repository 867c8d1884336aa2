package io.jvortex.internal.write;

import io.jvortex.dtype.DType;
import io.jvortex.internal.flatbuffers.FbBuilder;
import java.util.List;

/**
 * Writes a {@link DType} as the flatbuffer {@code DType} table of dtype.fbs (the file schema blob and
 * nothing else). Scalar fields equal to their defaults are omitted (non-nullable types carry no
 * {@code nullable} field, {@code u8} no {@code ptype}); the extension {@code metadata} vector and the
 * struct {@code names}/{@code dtypes} vectors are always written because the reference reader
 * requires them.
 */
public final class DTypeWriter {
    /** Union tags of {@code Type}. */
    private static final int NULL = 1;
    private static final int BOOL = 2;
    private static final int PRIMITIVE = 3;
    private static final int DECIMAL = 4;
    private static final int UTF8 = 5;
    private static final int BINARY = 6;
    private static final int STRUCT = 7;
    private static final int LIST = 8;
    private static final int EXTENSION = 9;
    private static final int FIXED_SIZE_LIST = 10;
    private static final int VARIANT = 11;
    private static final int UNION = 12;
    private static final int MAP = 13;

    private DTypeWriter() {
    }

    /**
     * @param dtype a dtype
     * @return a finished flatbuffer blob whose root is the {@code DType} table
     */
    public static byte[] serialize(DType dtype) {
        FbBuilder fb = new FbBuilder();
        return fb.finish(write(fb, dtype));
    }

    /**
     * Writes a {@code DType} table (and its nested types) into a builder with no table open.
     *
     * @param fb the builder
     * @param dtype the dtype
     * @return the table's offset
     */
    public static int write(FbBuilder fb, DType dtype) {
        int tag;
        int value;
        switch (dtype) {
            case DType.Null n -> {
                tag = NULL;
                fb.startTable(0);
                value = fb.endTable();
            }
            case DType.Bool b -> {
                tag = BOOL;
                value = nullableOnly(fb, b.nullable());
            }
            case DType.Primitive p -> {
                tag = PRIMITIVE;
                fb.startTable(2);
                fb.addByte(0, p.ptype().id(), 0);
                fb.addBool(1, p.nullable(), false);
                value = fb.endTable();
            }
            case DType.Decimal d -> {
                tag = DECIMAL;
                fb.startTable(3);
                fb.addByte(0, d.precision(), 0);
                fb.addByte(1, d.scale(), 0);
                fb.addBool(2, d.nullable(), false);
                value = fb.endTable();
            }
            case DType.Utf8 u -> {
                tag = UTF8;
                value = nullableOnly(fb, u.nullable());
            }
            case DType.Binary b -> {
                tag = BINARY;
                value = nullableOnly(fb, b.nullable());
            }
            case DType.Struct s -> {
                tag = STRUCT;
                int names = strings(fb, s.names());
                int fields = types(fb, s.fields());
                fb.startTable(3);
                fb.addOffset(0, names);
                fb.addOffset(1, fields);
                fb.addBool(2, s.nullable(), false);
                value = fb.endTable();
            }
            case DType.List l -> {
                tag = LIST;
                int element = write(fb, l.element());
                fb.startTable(2);
                fb.addOffset(0, element);
                fb.addBool(1, l.nullable(), false);
                value = fb.endTable();
            }
            case DType.Extension e -> {
                tag = EXTENSION;
                int id = fb.createString(e.id());
                int storage = write(fb, e.storage());
                int metadata = fb.createByteVector(e.metadata());
                fb.startTable(3);
                fb.addOffset(0, id);
                fb.addOffset(1, storage);
                fb.addOffset(2, metadata);
                value = fb.endTable();
            }
            case DType.FixedSizeList f -> {
                tag = FIXED_SIZE_LIST;
                int element = write(fb, f.element());
                fb.startTable(3);
                fb.addOffset(0, element);
                fb.addInt(1, f.size(), 0);
                fb.addBool(2, f.nullable(), false);
                value = fb.endTable();
            }
            case DType.Variant v -> {
                tag = VARIANT;
                value = nullableOnly(fb, v.nullable());
            }
            case DType.Union u -> {
                tag = UNION;
                int names = strings(fb, u.names());
                int variants = types(fb, u.variants());
                byte[] ids = new byte[u.typeIds().size()];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = (byte) (int) u.typeIds().get(i);
                }
                int typeIds = fb.createByteVector(ids);
                fb.startTable(4);
                fb.addOffset(0, names);
                fb.addOffset(1, variants);
                fb.addOffset(2, typeIds);
                fb.addBool(3, u.nullable(), false);
                value = fb.endTable();
            }
            case DType.Map m -> {
                tag = MAP;
                int key = write(fb, m.key());
                int val = write(fb, m.value());
                fb.startTable(4);
                fb.addOffset(0, key);
                fb.addOffset(1, val);
                fb.addBool(2, m.keysSorted(), false);
                fb.addBool(3, m.nullable(), false);
                value = fb.endTable();
            }
        }
        fb.startTable(2);
        fb.addByteAlways(0, tag);
        fb.addOffset(1, value);
        return fb.endTable();
    }

    private static int nullableOnly(FbBuilder fb, boolean nullable) {
        fb.startTable(1);
        fb.addBool(0, nullable, false);
        return fb.endTable();
    }

    private static int strings(FbBuilder fb, List<String> values) {
        int[] offsets = new int[values.size()];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = fb.createString(values.get(i));
        }
        return fb.createOffsetVector(offsets);
    }

    private static int types(FbBuilder fb, List<DType> values) {
        int[] offsets = new int[values.size()];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = write(fb, values.get(i));
        }
        return fb.createOffsetVector(offsets);
    }
}
