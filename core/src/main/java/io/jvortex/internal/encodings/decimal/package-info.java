/**
 * {@code vortex.decimal} — dtype Decimal(p, s). Metadata: {@code DecimalMetadata{DecimalType
 * values_type = 1}} with {@code I8=0, I16=1, I32=2, I64=3, I128=4, I256=5} (absent = I8). Buffers:
 * {@code [values]}, exactly {@code length × width} bytes of little-endian two's-complement unscaled
 * values (value = unscaled × 10^-s); the width need not be the smallest for the precision.
 * Children: {@code [validity?]}.
 *
 * <p>No metadata record here: the writer of this message is {@code io.jvortex.spi.CanonicalEncoder}, a
 * layer below the encodings that cannot reach this package, so the message is written there and parsed here
 * (a shared record would have to be public in {@code spi} or sit in a lower internal package).
 */
package io.jvortex.internal.encodings.decimal;
