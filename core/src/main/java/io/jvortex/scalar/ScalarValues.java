package io.jvortex.scalar;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;

/**
 * Decodes the {@code ScalarValue} protobuf (scalar.proto) against a known dtype, with the reference
 * reader's tolerances: {@code int64_value} (ZigZag) and {@code uint64_value} are accepted for every
 * integer type (range-checked), {@code uint64_value} carries legacy f16 bits, {@code string_value}
 * and {@code bytes_value} are interchangeable for utf8/binary, decimals accept 1..32-byte integers.
 */
public final class ScalarValues {
    private static final int MAX_DEPTH = 64;

    private ScalarValues() {
    }

    /**
     * @param proto the serialized ScalarValue
     * @param dtype the type to decode it as
     * @return the scalar
     * @throws VortexException if the bytes do not decode as that type
     */
    public static Scalar decode(MemorySegment proto, DType dtype) {
        return decode(proto, dtype, 0);
    }

    private static Scalar decode(MemorySegment proto, DType dtype, int depth) {
        if (depth > MAX_DEPTH) {
            throw new VortexException("scalar nested deeper than " + MAX_DEPTH);
        }
        ProtoReader r = new ProtoReader(proto, "ScalarValue");
        int kind = 0;
        long bits = 0;
        MemorySegment payload = null;
        while (r.next()) {
            kind = r.field();
            switch (kind) {
                case 1, 2, 3, 4, 10 -> bits = r.varint();
                case 5 -> bits = Integer.toUnsignedLong(r.fixed32());
                case 6 -> bits = r.fixed64();
                case 7, 8, 9, 11, 12 -> payload = r.bytes();
                default -> {
                    r.skip();
                    kind = 0;
                }
            }
        }
        if (kind == 0) {
            throw new VortexException("ScalarValue has no value for " + dtype.display());
        }
        if (kind == 1) {
            if (!dtype.nullable()) {
                throw new VortexException("null ScalarValue for non-nullable " + dtype.display());
            }
            return Scalar.nullOf(dtype);
        }
        DType storage = dtype instanceof DType.Extension e ? e.storage() : dtype;
        Object value = switch (storage) {
            case DType.Null n -> throw mismatch(kind, dtype);
            case DType.Bool b -> {
                if (kind != 2) {
                    throw mismatch(kind, dtype);
                }
                yield bits != 0;
            }
            case DType.Primitive p -> primitive(p.ptype(), kind, bits, dtype);
            case DType.Decimal d -> {
                if (kind == 3) {
                    yield BigInteger.valueOf((bits >>> 1) ^ -(bits & 1));
                }
                if (kind != 8) {
                    throw mismatch(kind, dtype);
                }
                yield decimal(payload);
            }
            case DType.Utf8 u -> {
                if (kind != 7 && kind != 8) {
                    throw mismatch(kind, dtype);
                }
                byte[] b = payload.toArray(ValueLayout.JAVA_BYTE);
                checkUtf8(b);
                yield b;
            }
            case DType.Binary b -> {
                if (kind != 7 && kind != 8) {
                    throw mismatch(kind, dtype);
                }
                yield payload.toArray(ValueLayout.JAVA_BYTE);
            }
            case DType.List l -> list(kind, payload, i -> l.element(), -1, dtype, depth);
            case DType.FixedSizeList f -> list(kind, payload, i -> f.element(), f.size(), dtype, depth);
            case DType.Struct s -> list(kind, payload, s.fields()::get, s.fields().size(), dtype, depth);
            case DType.Map m -> {
                DType entry = m.entry();
                yield list(kind, payload, i -> entry, -1, dtype, depth);
            }
            case DType.Extension e -> throw new VortexException("extension storage cannot be an extension");
            case DType.Variant v -> payload == null ? null : payload.toArray(ValueLayout.JAVA_BYTE);
            case DType.Union u -> union(kind, payload, u, dtype, depth);
        };
        return new Scalar(dtype, value);
    }

    private static Object primitive(PType ptype, int kind, long bits, DType dtype) {
        if (ptype.isInteger()) {
            long v;
            if (kind == 3) {
                v = (bits >>> 1) ^ -(bits & 1);
                if (ptype.isUnsignedInteger() && v < 0) {
                    throw new VortexException("negative int64_value " + v + " for " + dtype.display());
                }
            } else if (kind == 4) {
                v = bits;
                if (ptype.isSigned() && v < 0) {
                    throw new VortexException("uint64_value " + Long.toUnsignedString(v) + " overflows " + dtype.display());
                }
            } else {
                throw mismatch(kind, dtype);
            }
            checkRange(ptype, v, dtype);
            return v;
        }
        return switch (ptype) {
            case F16 -> {
                if (kind != 10 && kind != 4) {
                    throw mismatch(kind, dtype);
                }
                if ((bits & ~0xFFFFL) != 0) {
                    throw new VortexException("f16 value " + bits + " does not fit 16 bits");
                }
                yield (short) bits;
            }
            case F32 -> {
                if (kind != 5) {
                    throw mismatch(kind, dtype);
                }
                yield Float.intBitsToFloat((int) bits);
            }
            case F64 -> {
                if (kind != 6) {
                    throw mismatch(kind, dtype);
                }
                yield Double.longBitsToDouble(bits);
            }
            default -> throw new AssertionError(ptype);
        };
    }

    private static void checkRange(PType ptype, long v, DType dtype) {
        boolean ok = switch (ptype) {
            case U8 -> v >= 0 && v <= 0xFF;
            case U16 -> v >= 0 && v <= 0xFFFF;
            case U32 -> v >= 0 && v <= 0xFFFF_FFFFL;
            case U64, I64 -> true;
            case I8 -> v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE;
            case I16 -> v >= Short.MIN_VALUE && v <= Short.MAX_VALUE;
            case I32 -> v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
            default -> false;
        };
        if (!ok) {
            throw new VortexException("value " + v + " out of range for " + dtype.display());
        }
    }

    private static BigInteger decimal(MemorySegment payload) {
        int n = (int) payload.byteSize();
        if (n != 1 && n != 2 && n != 4 && n != 8 && n != 16 && n != 32) {
            throw new VortexException("decimal scalar of " + n + " bytes, expected 1, 2, 4, 8, 16 or 32");
        }
        byte[] le = payload.toArray(ValueLayout.JAVA_BYTE);
        byte[] be = new byte[n];
        for (int i = 0; i < n; i++) {
            be[i] = le[n - 1 - i];
        }
        return new BigInteger(be);
    }

    private static Object list(int kind, MemorySegment payload, java.util.function.IntFunction<DType> elem,
                               int expected, DType dtype, int depth) {
        if (kind != 9) {
            throw mismatch(kind, dtype);
        }
        ProtoReader r = new ProtoReader(payload, "ListValue");
        ArrayList<Scalar> out = new ArrayList<>();
        while (r.next()) {
            if (r.field() == 1) {
                if (expected >= 0 && out.size() >= expected) {
                    throw new VortexException("list scalar for " + dtype.display() + " has more than " + expected + " items");
                }
                out.add(decode(r.bytes(), elem.apply(out.size()), depth + 1));
            } else {
                r.skip();
            }
        }
        if (expected >= 0 && out.size() != expected) {
            throw new VortexException("list scalar for " + dtype.display() + " has " + out.size() + " items, expected " + expected);
        }
        return java.util.List.copyOf(out);
    }

    /** {@code UnionValue{uint32 type_id = 1; ScalarValue value = 2}}, the value read as the selected variant. */
    private static UnionValue union(int kind, MemorySegment payload, DType.Union u, DType dtype, int depth) {
        if (kind != 12) {
            throw mismatch(kind, dtype);
        }
        ProtoReader r = new ProtoReader(payload, "UnionValue");
        long typeId = 0;
        MemorySegment value = null;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> typeId = r.varint();
                case 2 -> value = r.bytes();
                default -> r.skip();
            }
        }
        int index = typeId >= 0 && typeId <= 255 ? u.typeIds().indexOf((int) typeId) : -1;
        if (index < 0 || index >= u.variants().size()) {
            throw new VortexException("union scalar has type id " + Long.toUnsignedString(typeId)
                    + ", which " + dtype.display() + " does not declare");
        }
        if (value == null) {
            throw new VortexException("union scalar of type id " + typeId + " has no value");
        }
        return new UnionValue((int) typeId, decode(value, u.variants().get(index), depth + 1));
    }

    private static void checkUtf8(byte[] b) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
        } catch (CharacterCodingException e) {
            throw new VortexException("utf8 scalar is not valid UTF-8");
        }
    }

    private static VortexException mismatch(int kind, DType dtype) {
        return new VortexException("ScalarValue kind " + kind + " cannot be read as " + dtype.display());
    }
}
