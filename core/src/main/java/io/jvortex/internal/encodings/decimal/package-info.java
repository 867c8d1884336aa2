/**
 * {@code vortex.decimal} — dtype Decimal(p, s). Metadata: {@code DecimalMetadata{DecimalType
 * values_type = 1}} with {@code I8=0, I16=1, I32=2, I64=3, I128=4, I256=5} (absent = I8). Buffers:
 * {@code [values]}, exactly {@code length × width} bytes of little-endian two's-complement unscaled
 * values (value = unscaled × 10^-s); the width need not be the smallest for the precision.
 * Children: {@code [validity?]}.
 *
 * <p>Metadata record: {@link io.jvortex.internal.format.DecimalMetadata} (parse and serialize), in {@code
 * internal.format} because its writer is {@code io.jvortex.spi.CanonicalEncoder}, a layer below the
 * encodings; the decoder here parses with it.
 */
package io.jvortex.internal.encodings.decimal;
