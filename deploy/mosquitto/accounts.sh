#!/bin/sh
# Broker accounts for Cascade on Mosquitto 2 with its dynamic security plugin (docs/devices.md
# "A broker that enforces it"). Every account may only do what its role grants, and nothing is
# granted by default: a board or project account publishes to its own topics and cannot subscribe
# at all — not even to a shared subscription ($share/…), which Mosquitto's acl_file cannot refuse.
#
#   accounts.sh cascade <password>                        Cascade's account (MQTT_USERNAME=cascade)
#   accounts.sh board <projectKey> <boardNo> <password>   one board: <projectKey>.<boardNo>
#   accounts.sh project <projectKey> <password>           one project's boards: <projectKey>
#   accounts.sh remove <username>                         revokes an account (and its own role)
#
# Connects as the plugin's administrator (made by `mosquitto_ctrl dynsec init`): MOSQ_HOST
# (127.0.0.1), MOSQ_PORT (1883), MOSQ_ADMIN (admin), MOSQ_ADMIN_PASSWORD; MQTT_TOPIC_PREFIX as
# Cascade's (cascade). Changes apply at once (no reload) and are kept in the plugin's file.
set -eu
prefix="${MQTT_TOPIC_PREFIX:-cascade}"
ctl() {
  mosquitto_ctrl -h "${MOSQ_HOST:-127.0.0.1}" -p "${MOSQ_PORT:-1883}" -u "${MOSQ_ADMIN:-admin}" -P "${MOSQ_ADMIN_PASSWORD:?set MOSQ_ADMIN_PASSWORD}" dynsec "$@" 2>/dev/null
}
# One role per account, granting exactly its topics; the account is made with it.
account() { # <username> <password> <role> <acltype> <topic>...
  user="$1" password="$2" role="$3" type="$4"
  shift 4
  ctl createRole "$role"
  for topic in "$@"; do ctl addRoleACL "$role" "$type" "$topic" allow; done
  ctl createClient "$user" -p "$password"
  ctl addClientRole "$user" "$role"
}
case "${1:-}" in
  cascade)
    # Reads every board state, in Cascade's shared subscription (whatever its group) or without one; publishes nothing.
    account cascade "$2" cascade-reader subscribePattern "\$share/+/$prefix/+/boards/+/state" "$prefix/+/boards/+/state" ;;
  board)
    account "$2.$3" "$4" "board-$2.$3" publishClientSend "$prefix/$2/boards/$3/state" ;;
  project)
    account "$2" "$3" "project-$2" publishClientSend "$prefix/$2/boards/+/state" ;;
  remove)
    ctl deleteClient "$2"
    for role in "board-$2" "project-$2"; do ctl deleteRole "$role" || true; done ;;
  *)
    sed -n '2,16p' "$0" >&2
    exit 2 ;;
esac
