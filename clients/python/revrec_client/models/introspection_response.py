from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="IntrospectionResponse")



@_attrs_define
class IntrospectionResponse:
    """ RFC 7662 §2.2: `active`, and for an active token what it carries; an inactive token
    is `{"active": false}` and nothing else.

        Attributes:
            active (bool):
            client_id (None | str | Unset):
            exp (int | None | Unset): Expiry, in seconds since the Unix epoch.
            iat (int | None | Unset): Issue time, in seconds since the Unix epoch.
            iss (None | str | Unset): The issuer, as in the authorization server metadata.
            scope (None | str | Unset): The token's scopes, space-separated. Example: read:contracts.
            sub (None | str | Unset): Whom the token stands for: the client (the client credentials grant has no user).
            token_type (None | str | Unset):  Example: Bearer.
     """

    active: bool
    client_id: None | str | Unset = UNSET
    exp: int | None | Unset = UNSET
    iat: int | None | Unset = UNSET
    iss: None | str | Unset = UNSET
    scope: None | str | Unset = UNSET
    sub: None | str | Unset = UNSET
    token_type: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        active = self.active

        client_id: None | str | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        exp: int | None | Unset
        if isinstance(self.exp, Unset):
            exp = UNSET
        else:
            exp = self.exp

        iat: int | None | Unset
        if isinstance(self.iat, Unset):
            iat = UNSET
        else:
            iat = self.iat

        iss: None | str | Unset
        if isinstance(self.iss, Unset):
            iss = UNSET
        else:
            iss = self.iss

        scope: None | str | Unset
        if isinstance(self.scope, Unset):
            scope = UNSET
        else:
            scope = self.scope

        sub: None | str | Unset
        if isinstance(self.sub, Unset):
            sub = UNSET
        else:
            sub = self.sub

        token_type: None | str | Unset
        if isinstance(self.token_type, Unset):
            token_type = UNSET
        else:
            token_type = self.token_type


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "active": active,
        })
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if exp is not UNSET:
            field_dict["exp"] = exp
        if iat is not UNSET:
            field_dict["iat"] = iat
        if iss is not UNSET:
            field_dict["iss"] = iss
        if scope is not UNSET:
            field_dict["scope"] = scope
        if sub is not UNSET:
            field_dict["sub"] = sub
        if token_type is not UNSET:
            field_dict["token_type"] = token_type

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active = d.pop("active")

        def _parse_client_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_id = _parse_client_id(d.pop("client_id", UNSET))


        def _parse_exp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        exp = _parse_exp(d.pop("exp", UNSET))


        def _parse_iat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        iat = _parse_iat(d.pop("iat", UNSET))


        def _parse_iss(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        iss = _parse_iss(d.pop("iss", UNSET))


        def _parse_scope(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        scope = _parse_scope(d.pop("scope", UNSET))


        def _parse_sub(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sub = _parse_sub(d.pop("sub", UNSET))


        def _parse_token_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        token_type = _parse_token_type(d.pop("token_type", UNSET))


        introspection_response = cls(
            active=active,
            client_id=client_id,
            exp=exp,
            iat=iat,
            iss=iss,
            scope=scope,
            sub=sub,
            token_type=token_type,
        )


        introspection_response.additional_properties = d
        return introspection_response

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
