package io.jvortex.dtype;

import io.jvortex.error.VortexException;
import io.jvortex.internal.protobuf.ProtoReader;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the protobuf form of a {@link DType} ({@code vortex-proto/proto/dtype.proto}), which array
 * metadata embeds where a child's type cannot be derived from the parent's (the shredded children of
 * {@code vortex.variant} and {@code vortex.parquet.variant}).
 *
 * <p>{@code DType} is a oneof: 1 null, 2 bool, 3 primitive, 4 decimal, 5 utf8, 6 binary, 7 struct, 8
 * list, 9 extension, 10 fixed-size list, 11 variant, 12 union. Union reads its nullability (field 4)
 * and, when present, names (1), member types (2) and packed type ids (3). Map (0.90+) has no proto
 * form in the source this reader follows and is rejected.
 */
public final class DTypeProto {
    /** Deepest nesting accepted, as for the footer's flatbuffer dtypes. */
    private static final int MAX_DEPTH = 64;

    private DTypeProto() {
    }

    /**
     * @param message the serialized {@code DType} message
     * @return the type
     * @throws VortexException when the message is malformed, nests deeper than
     *     {@link DTypeFlatbuffers#MAX_DEPTH}, or holds an unknown kind
     */
    public static DType read(MemorySegment message) {
        return read(message, 0);
    }

    private static DType read(MemorySegment message, int depth) {
        if (depth > MAX_DEPTH) {
            throw new VortexException("proto DType nests deeper than " + MAX_DEPTH);
        }
        ProtoReader r = new ProtoReader(message, "DType");
        DType out = null;
        while (r.next()) {
            int kind = r.field();
            if (r.wireType() != ProtoReader.LEN) {
                r.skip();
                continue;
            }
            out = kind(kind, r.bytes(), depth);
        }
        if (out == null) {
            throw new VortexException("proto DType has no type");
        }
        return out;
    }

    private static DType kind(int kind, MemorySegment body, int depth) {
        if (kind < 1 || kind > 12) {
            throw new VortexException("unsupported proto DType kind " + kind);
        }
        ProtoReader r = new ProtoReader(body, "DType kind " + kind);
        boolean nullable = false;
        long ptype = 0;
        long precision = 0;
        long scale = 0;
        long size = 0;
        String id = null;
        byte[] metadata = new byte[0];
        DType element = null;
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        List<Integer> typeIds = new ArrayList<>();
        while (r.next()) {
            int f = r.field();
            switch (kind) {
                case 1, 2, 5, 6, 11 -> {
                    if (f == 1) {
                        nullable = r.varint() != 0;
                    } else {
                        r.skip();
                    }
                }
                case 3 -> {
                    switch (f) {
                        case 1 -> ptype = r.varint();
                        case 2 -> nullable = r.varint() != 0;
                        default -> r.skip();
                    }
                }
                case 4 -> {
                    switch (f) {
                        case 1 -> precision = r.varint();
                        case 2 -> scale = (int) r.varint();
                        case 3 -> nullable = r.varint() != 0;
                        default -> r.skip();
                    }
                }
                case 7 -> {
                    switch (f) {
                        case 1 -> names.add(r.string());
                        case 2 -> types.add(read(r.bytes(), depth + 1));
                        case 3 -> nullable = r.varint() != 0;
                        default -> r.skip();
                    }
                }
                case 12 -> {
                    switch (f) {
                        case 1 -> names.add(r.string());
                        case 2 -> types.add(read(r.bytes(), depth + 1));
                        case 3 -> {
                            if (r.wireType() == ProtoReader.LEN) {
                                r.packedVarints(v -> typeIds.add((int) (v & 0xFF)));
                            } else {
                                typeIds.add((int) (r.varint() & 0xFF));
                            }
                        }
                        case 4 -> nullable = r.varint() != 0;
                        default -> r.skip();
                    }
                }
                case 8, 10 -> {
                    switch (f) {
                        case 1 -> element = read(r.bytes(), depth + 1);
                        case 2 -> {
                            if (kind == 8) {
                                nullable = r.varint() != 0;
                            } else {
                                size = r.varint();
                            }
                        }
                        case 3 -> nullable = r.varint() != 0;
                        default -> r.skip();
                    }
                }
                case 9 -> {
                    switch (f) {
                        case 1 -> id = r.string();
                        case 2 -> element = read(r.bytes(), depth + 1);
                        case 3 -> metadata = r.byteArray();
                        default -> r.skip();
                    }
                }
                default -> r.skip();
            }
        }
        return switch (kind) {
            case 1 -> new DType.Null();
            case 2 -> new DType.Bool(nullable);
            case 3 -> {
                if (ptype > 10) {
                    throw new VortexException("proto DType has unknown ptype " + ptype);
                }
                yield new DType.Primitive(PType.fromId((int) ptype), nullable);
            }
            case 4 -> {
                if (precision < 1 || precision > DType.Decimal.MAX_PRECISION) {
                    throw new VortexException("proto decimal precision must be 1..76, got " + precision);
                }
                yield new DType.Decimal((int) precision, (int) scale, nullable);
            }
            case 5 -> new DType.Utf8(nullable);
            case 6 -> new DType.Binary(nullable);
            case 7 -> new DType.Struct(names, types, nullable);
            case 8, 10 -> {
                if (element == null) {
                    throw new VortexException("proto list DType has no element type");
                }
                if (kind == 8) {
                    yield new DType.List(element, nullable);
                }
                if (size > Integer.MAX_VALUE) {
                    throw new VortexException("proto fixed-size list size " + size + " is too large");
                }
                yield new DType.FixedSizeList(element, (int) size, nullable);
            }
            case 9 -> {
                if (id == null || element == null) {
                    throw new VortexException("proto extension DType needs an id and a storage type");
                }
                yield new DType.Extension(id, element, metadata);
            }
            case 11 -> new DType.Variant(nullable);
            default -> new DType.Union(names, types, typeIds, nullable);
        };
    }
}
