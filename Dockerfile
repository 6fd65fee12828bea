# fieldcheck in a small image: the self-contained binary (make dist: ICU, its data, libyaml and
# the C++ runtime linked in; only glibc dynamic) copied into Debian 12's slim image.
#
#     docker build -t fieldcheck .
#     printf '1.234,5\n' | docker run -i --rm fieldcheck number --locale de_DE
#
# Not built where it was written (that machine has no image registry); the steps are those
# .ci/run takes on every run. Any Swift 6 image on Debian 12 builds it (SWIFT_IMAGE).
ARG SWIFT_IMAGE=swift:6.1-bookworm

FROM ${SWIFT_IMAGE} AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libicu-dev libyaml-dev pkg-config make git \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN make dist

FROM debian:12-slim
COPY --from=build /src/.build/dist/fieldcheck /usr/local/bin/fieldcheck
COPY --from=build /src/man/fieldcheck.1 /usr/local/share/man/man1/fieldcheck.1
COPY --from=build /src/LICENSE /src/THIRD_PARTY_NOTICES /usr/local/share/doc/fieldcheck/
ENTRYPOINT ["fieldcheck"]
