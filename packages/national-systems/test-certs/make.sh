#!/usr/bin/env bash
# TEST ONLY. Makes the certificates the NMVS simulator's TLS tests use (issue 28, decision 0081,
# "Client certificate"): every file beside this script but the script and README.md. The PEM files are
# committed, so tests never run openssl; run this again (bash make.sh) only to change them. Nothing made
# here may be trusted anywhere else, and the CA keys are thrown away when the script ends.
#
#   ca.pem                        the test root CA: the simulator trusts clients of it, the server trusts the simulator through it
#   server.pem, server.key        the simulator: localhost, 127.0.0.1 and ::1 (serverAuth)
#   client.pem, client.key        a warehouse's client certificate (clientAuth), then its issuing CA: a chain of two
#   client-expired.pem, .key      the same issuer, valid in 2000 only
#   other-ca.pem                  another root CA
#   other-client.pem, .key        a client certificate of the other CA, which a gateway trusting ca.pem refuses
#
# Valid from 2000 to 2125 (the expired one aside), so a machine's clock set wrong by years still finds them
# valid; elliptic-curve keys (P-256), unencrypted PKCS#8.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
from=20000101000000Z
until=21251231235959Z

# `openssl ca`, not `openssl x509 -req`: only it takes a start date before OpenSSL 3.4.
mkdir "$work/db" && touch "$work/db/index.txt" && printf '1000\n' >"$work/db/serial"
printf '%s\n' '[ca]' 'default_ca=test' '[test]' "dir=$work/db" 'database=$dir/index.txt' 'serial=$dir/serial' \
  'new_certs_dir=$dir' 'default_md=sha256' 'policy=any' 'preserve=yes' 'unique_subject=no' \
  '[any]' 'organizationName=optional' 'organizationalUnitName=optional' 'commonName=supplied' >"$work/ca.cnf"

# cert <issuer, or self> <name> <subject> <extensions> [start end]: a new key <name>.key and its certificate <name>.pem
cert() {
  local issuer=(-cert "$work/$1.pem" -keyfile "$work/$1.key")
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/$2.key"
  [ "$1" = self ] && issuer=(-selfsign -keyfile "$work/$2.key")
  openssl req -new -key "$work/$2.key" -subj "$3" -out "$work/$2.csr"
  printf '[ext]\n%s\n' "$4" >"$work/$2.ext"
  openssl ca -batch -notext -config "$work/ca.cnf" "${issuer[@]}" -extfile "$work/$2.ext" -extensions ext \
    -startdate "${5:-$from}" -enddate "${6:-$until}" -in "$work/$2.csr" -out "$work/$2.pem" 2>/dev/null
}

ca_ext='basicConstraints=critical,CA:TRUE
keyUsage=critical,keyCertSign,cRLSign'
client_ext='basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=clientAuth'

cert self ca '/O=TEST ONLY pharma-wms/CN=TEST ONLY root CA' "$ca_ext"
cert ca issuing '/O=TEST ONLY pharma-wms/CN=TEST ONLY client issuing CA' "$ca_ext"
cert ca server '/O=TEST ONLY pharma-wms/CN=localhost' 'basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=serverAuth
subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1'
cert issuing client '/O=TEST ONLY pharma-wms/OU=W2010/CN=TEST ONLY NMVS client WH2010' "$client_ext"
cert issuing client-expired '/O=TEST ONLY pharma-wms/OU=W2010/CN=TEST ONLY expired NMVS client' "$client_ext" \
  20000101000000Z 20001231235959Z
cert self other-ca '/O=TEST ONLY elsewhere/CN=TEST ONLY other root CA' "$ca_ext"
cert other-ca other-client '/O=TEST ONLY elsewhere/CN=TEST ONLY client of another CA' "$client_ext"

cp "$work/ca.pem" "$work/other-ca.pem" "$work/server.pem" "$work/other-client.pem" .
for name in client client-expired; do cat "$work/$name.pem" "$work/issuing.pem" >"$name.pem"; done
for name in server client client-expired other-client; do cp "$work/$name.key" .; done
chmod 644 ./*.pem ./*.key
echo "made: $(echo ./*.pem ./*.key)"
