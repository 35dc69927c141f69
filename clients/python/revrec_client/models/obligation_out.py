from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from decimal import Decimal

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.pattern_out_type_0 import PatternOutType0
  from ..models.pattern_out_type_1 import PatternOutType1
  from ..models.pattern_out_type_2 import PatternOutType2
  from ..models.pattern_out_type_3 import PatternOutType3





T = TypeVar("T", bound="ObligationOut")



@_attrs_define
class ObligationOut:
    """ 
        Attributes:
            name (str):
            pattern (PatternOutType0 | PatternOutType1 | PatternOutType2 | PatternOutType3):
            pob_type (str):
            ssp (str): Up to six decimals. Example: 500.00.
            id (None | str | Unset):
            stated_price (None | str | Unset):  Example: 500.00.
     """

    name: str
    pattern: PatternOutType0 | PatternOutType1 | PatternOutType2 | PatternOutType3
    pob_type: str
    ssp: str
    id: None | str | Unset = UNSET
    stated_price: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.pattern_out_type_0 import PatternOutType0 # noqa: PLC0415
        from ..models.pattern_out_type_1 import PatternOutType1 # noqa: PLC0415
        from ..models.pattern_out_type_2 import PatternOutType2 # noqa: PLC0415
        from ..models.pattern_out_type_3 import PatternOutType3 # noqa: PLC0415
        name = self.name

        pattern: dict[str, Any]
        if isinstance(self.pattern, PatternOutType0):
            pattern = self.pattern.to_dict()
        elif isinstance(self.pattern, PatternOutType1):
            pattern = self.pattern.to_dict()
        elif isinstance(self.pattern, PatternOutType2):
            pattern = self.pattern.to_dict()
        else:
            pattern = self.pattern.to_dict()


        pob_type = self.pob_type

        ssp = self.ssp

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        stated_price: None | str | Unset
        if isinstance(self.stated_price, Unset):
            stated_price = UNSET
        else:
            stated_price = self.stated_price


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "pattern": pattern,
            "pob_type": pob_type,
            "ssp": ssp,
        })
        if id is not UNSET:
            field_dict["id"] = id
        if stated_price is not UNSET:
            field_dict["stated_price"] = stated_price

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pattern_out_type_0 import PatternOutType0 # noqa: PLC0415
        from ..models.pattern_out_type_1 import PatternOutType1 # noqa: PLC0415
        from ..models.pattern_out_type_2 import PatternOutType2 # noqa: PLC0415
        from ..models.pattern_out_type_3 import PatternOutType3 # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_pattern(data: object) -> PatternOutType0 | PatternOutType1 | PatternOutType2 | PatternOutType3:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_pattern_out_type_0 = PatternOutType0.from_dict(data)



                return componentsschemas_pattern_out_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_pattern_out_type_1 = PatternOutType1.from_dict(data)



                return componentsschemas_pattern_out_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_pattern_out_type_2 = PatternOutType2.from_dict(data)



                return componentsschemas_pattern_out_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_pattern_out_type_3 = PatternOutType3.from_dict(data)



            return componentsschemas_pattern_out_type_3

        pattern = _parse_pattern(d.pop("pattern"))


        pob_type = d.pop("pob_type")

        ssp = d.pop("ssp")

        def _parse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))


        def _parse_stated_price(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        stated_price = _parse_stated_price(d.pop("stated_price", UNSET))


        obligation_out = cls(
            name=name,
            pattern=pattern,
            pob_type=pob_type,
            ssp=ssp,
            id=id,
            stated_price=stated_price,
        )


        obligation_out.additional_properties = d
        return obligation_out

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
